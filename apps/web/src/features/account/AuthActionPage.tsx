import { Page } from '../../lib/ui/Page';

const ABOUT = 'Completes the step from the link in your email: confirming your address or setting a new password.';

function AuthActionPage() {
  return <Page title="Account action" description={ABOUT} lead={ABOUT} />;
}

export { AuthActionPage as Component };
