import { Page } from '../../lib/ui/Page';

const ABOUT = 'Refresh the teams’ season data: points, positions, wins and drivers.';

function UpdateTeamsPage() {
  return <Page title="Update teams" description={ABOUT} lead={ABOUT} />;
}

export { UpdateTeamsPage as Component };
