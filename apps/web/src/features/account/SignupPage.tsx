import { Page } from '../../lib/ui/Page';

const ABOUT = 'An account lets you follow a favourite driver and team across the site and vote as a registered fan.';

function SignupPage() {
  return <Page title="Sign up" heading="Create an account" description={ABOUT} lead={ABOUT} />;
}

export { SignupPage as Component };
