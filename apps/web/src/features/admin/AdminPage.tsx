import { Page } from '../../lib/ui/Page';

const ABOUT = 'Tools for keeping the site’s drivers, teams and season events up to date.';

function AdminPage() {
  return <Page title="Admin" heading="Admin dashboard" description={ABOUT} lead={ABOUT} />;
}

export { AdminPage as Component };
