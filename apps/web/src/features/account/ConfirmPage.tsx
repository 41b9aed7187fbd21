import { Page } from '../../lib/ui/Page';

const ABOUT = 'Open the link we sent to your inbox to confirm your email address and finish creating your account.';

function ConfirmPage() {
  return <Page title="Confirm your email" description={ABOUT} lead={ABOUT} />;
}

export { ConfirmPage as Component };
