import { Page } from '../../lib/ui/Page';

const ABOUT = 'Change your display name, photo, favourite driver and favourite team.';

function UpdateProfilePage() {
  return <Page title="Update profile" description={ABOUT} lead={ABOUT} />;
}

export { UpdateProfilePage as Component };
