import { Link, useLocation } from 'react-router';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { paths } from '../../lib/paths';
import { Page } from '../../lib/ui/Page';
import { FormPanel, formStyles } from './form';
import { ResendConfirmation, ResendConfirmationForm } from './ResendConfirmation';

/** What sign-up hands to this page. */
export type ConfirmState = { email: string };

/** After sign-up: check your mail, or have the link sent again. */
function ConfirmPage() {
  const email = (useLocation().state as ConfirmState | null)?.email ?? null;

  return (
    <Page page="confirm" lead={PAGE_DESCRIPTIONS.confirm}>
      <FormPanel>
        {email ? (
          <>
            <p>
              We sent a confirmation link to <strong>{email}</strong>. Open it to confirm your address, then log in. The link works
              for 24 hours; no mail after a few minutes? Look in your spam folder, or:
            </p>
            <ResendConfirmation email={email} />
          </>
        ) : (
          <ResendConfirmationForm intro="Check your inbox for the confirmation link. No mail? Enter the address you signed up with to get a new one." />
        )}
        <div className={formStyles.links}>
          <Link to={paths.login}>Confirmed? Log in</Link>
        </div>
      </FormPanel>
    </Page>
  );
}

export { ConfirmPage as Component };
