import { Page } from '../../lib/ui/Page';

const ABOUT = 'The constructors’ championship: each team’s position, points, race wins and drivers this season.';

function TeamsPage() {
  return <Page title="Team standings" description={ABOUT} lead={ABOUT} />;
}

export { TeamsPage as Component };
