import { Page } from '../../lib/ui/Page';

const ABOUT = 'Edit team details: names, logos, car photos and team colours.';

function TeamEditorPage() {
  return <Page title="Team editor" description={ABOUT} lead={ABOUT} />;
}

export { TeamEditorPage as Component };
