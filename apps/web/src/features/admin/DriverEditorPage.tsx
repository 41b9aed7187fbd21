import { Page } from '../../lib/ui/Page';

const ABOUT = 'Edit driver details: names, numbers, photos and teams.';

function DriverEditorPage() {
  return <Page title="Driver editor" description={ABOUT} lead={ABOUT} />;
}

export { DriverEditorPage as Component };
