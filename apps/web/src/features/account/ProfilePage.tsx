import { Page } from '../../lib/ui/Page';

const ABOUT = 'Your display name, photo, favourite driver and favourite team.';

function ProfilePage() {
  return <Page title="Your profile" description={ABOUT} lead={ABOUT} />;
}

export { ProfilePage as Component };
