import { Page } from '../../lib/ui/Page';

const ABOUT = 'The world championship since 1950: its champions, seasons and milestones.';

function HistoryPage() {
  return <Page title="F1 history" description={ABOUT} lead={ABOUT} />;
}

export { HistoryPage as Component };
