import { Page } from '../../lib/ui/Page';

const ABOUT = 'Enter the email address of your account and we will send you a link to choose a new password.';

function ForgotPasswordPage() {
  return <Page title="Forgot password" heading="Forgot your password?" description={ABOUT} lead={ABOUT} />;
}

export { ForgotPasswordPage as Component };
