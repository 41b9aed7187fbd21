import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { Page } from '../../lib/ui/Page';
import { accountErrorText } from './errors';
import { FormNote, FormPanel, formStyles, SubmitButton, useEmailForm } from './form';

/** The answer is the same whether or not the address has an account: the page never tells who is signed up. */
function ForgotPasswordPage() {
  const request = useMutation({ mutationFn: (email: string) => api('requestPasswordReset', { body: { email } }) });
  const { field, submit } = useEmailForm((email) => request.mutate(email));

  return (
    <Page page="forgotPassword" heading="Forgot your password?" lead={PAGE_DESCRIPTIONS.forgotPassword}>
      <FormPanel>
        {request.isSuccess ? (
          <FormNote kind="success">
            {request.data.message} The link works once, for an hour.
          </FormNote>
        ) : (
          <form className={formStyles.form} onSubmit={submit} noValidate>
            {request.isError && <ErrorNote message={accountErrorText(request.error)} />}
            {field}
            <SubmitButton busy={request.isPending} busyLabel="Sending…">
              Send the reset link
            </SubmitButton>
          </form>
        )}
        <div className={formStyles.links}>
          <Link to={paths.login}>Back to log in</Link>
        </div>
      </FormPanel>
    </Page>
  );
}

export { ForgotPasswordPage as Component };
