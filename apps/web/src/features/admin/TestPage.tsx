import { Page } from '../../lib/ui/Page';

const ABOUT = 'A page for administrators to check new site features before they are released.';

function TestPage() {
  return <Page title="Test" heading="Test page" description={ABOUT} lead={ABOUT} />;
}

export { TestPage as Component };
