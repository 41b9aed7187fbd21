import { Page } from '../../lib/ui/Page';

const ABOUT = 'Every round of the season with its sessions in your local time, and a month-by-month calendar of race weekends.';

function SchedulePage() {
  return <Page title="Schedule" heading="Season schedule" description={ABOUT} lead={ABOUT} />;
}

export { SchedulePage as Component };
