import { Page } from '../../lib/ui/Page';

const ABOUT = 'A place for administrators to try admin tools before using them on live data.';

function AdminTestPage() {
  return <Page title="Admin test" description={ABOUT} lead={ABOUT} />;
}

export { AdminTestPage as Component };
