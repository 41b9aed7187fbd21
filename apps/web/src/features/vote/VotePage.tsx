import { Page } from '../../lib/ui/Page';

const ABOUT = 'Vote for the last race’s best point scorer, best of the rest and best team in the Fan’s Choice Awards.';

function VotePage() {
  return <Page title="Fan vote" description={ABOUT} lead={ABOUT} />;
}

export { VotePage as Component };
