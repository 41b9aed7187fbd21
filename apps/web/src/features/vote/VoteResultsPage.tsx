import { Page } from '../../lib/ui/Page';

const ABOUT = 'How the fans voted in the Fan’s Choice Awards for the last race.';

function VoteResultsPage() {
  return <Page title="Vote results" description={ABOUT} lead={ABOUT} />;
}

export { VoteResultsPage as Component };
