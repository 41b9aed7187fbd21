import { Page } from '../../lib/ui/Page';

const ABOUT = 'Add and correct the events of the season’s calendar.';

function SeasonEventsPage() {
  return <Page title="Season events" description={ABOUT} lead={ABOUT} />;
}

export { SeasonEventsPage as Component };
