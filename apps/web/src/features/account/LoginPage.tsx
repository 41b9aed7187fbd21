import { Page } from '../../lib/ui/Page';

const ABOUT = 'Sign in with your email and password, or with Google or GitHub, to see your favourite driver and team.';

function LoginPage() {
  return <Page title="Log in" description={ABOUT} lead={ABOUT} />;
}

export { LoginPage as Component };
