import { useMutation } from '@tanstack/react-query';
import { emailRequest } from '@slipstream/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { Page } from '../../lib/ui/Page';
import { accountErrorText } from './errors';
import { fieldErrorsOf, FormNote, FormPanel, formStyles, SubmitButton, TextField, type FieldErrors } from './form';

const ABOUT = 'Enter the email address of your account and we will send you a link to choose a new password.';

/** The answer is the same whether or not the address has an account: the page never tells who is signed up. */
function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const request = useMutation({ mutationFn: api.requestPasswordReset });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailRequest.safeParse({ email });
    setFieldErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (parsed.success) request.mutate(parsed.data.email);
  };

  return (
    <Page title="Forgot password" heading="Forgot your password?" description={ABOUT} lead={ABOUT}>
      <FormPanel>
        {request.isSuccess ? (
          <FormNote kind="success">
            {request.data.message} The link works once, for an hour.
          </FormNote>
        ) : (
          <form className={formStyles.form} onSubmit={submit} noValidate>
            {request.isError && <ErrorNote message={accountErrorText(request.error)} />}
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={fieldErrors.email}
            />
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
