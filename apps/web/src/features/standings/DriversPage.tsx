import { Page } from '../../lib/ui/Page';

const ABOUT = 'The drivers’ championship: each driver’s position, points and gap to the leader this season.';

function DriversPage() {
  return <Page title="Driver standings" description={ABOUT} lead={ABOUT} />;
}

export { DriversPage as Component };
