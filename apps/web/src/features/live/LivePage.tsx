import { Page } from '../../lib/ui/Page';

const ABOUT = 'The session in progress as it happens: running order, gaps and the time left.';

function LivePage() {
  return <Page title="Live" description={ABOUT} lead={ABOUT} />;
}

export { LivePage as Component };
