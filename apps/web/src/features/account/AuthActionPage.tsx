import { useMutation, useQuery } from '@tanstack/react-query';
import { actionCode, authActionMode, resetPasswordRequest, type PasswordPolicy, type ResetPasswordRequest } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../lib/ui/Button';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { Page } from '../../lib/ui/Page';
import { allOf, QueryState } from '../../lib/ui/QueryState';
import { Spinner } from '../../lib/ui/Spinner';
import { accountErrorCodeOf, accountErrorText } from './errors';
import { oauthOutcome } from './oauthPopup';
import { fieldErrorsOf, FormNote, FormPanel, formStyles, PasswordField, SubmitButton, type FieldErrors } from './form';
import { PasswordRules } from './PasswordRules';
import { passwordPolicyQuery } from './queries';
import { ResendConfirmationForm } from './ResendConfirmation';

/** The mailed links land here: ?mode=verifyEmail&oobCode=… confirms the address, ?mode=resetPassword&oobCode=… sets a new password. */
function AuthActionPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const mode = authActionMode.safeParse(search.get('mode'));
  const code = actionCode.safeParse(search.get('oobCode'));
  const oauth = oauthOutcome(location);

  if (oauth) return <OAuthReturn next={oauth.next} error={oauth.error} />;

  if (mode.success && code.success && mode.data === 'verifyEmail') {
    return (
      <Page title="Confirm your email" description={PAGE_DESCRIPTIONS.authAction} lead="Confirming your email address.">
        <FormPanel>
          <VerifyEmail code={code.data} />
        </FormPanel>
      </Page>
    );
  }
  if (mode.success && code.success) {
    return (
      <Page title="Choose a new password" description={PAGE_DESCRIPTIONS.authAction} lead="Set the password you will log in with from now on.">
        <FormPanel>
          <ResetPassword code={code.data} />
        </FormPanel>
      </Page>
    );
  }
  return (
    <Page page="authAction" lead={PAGE_DESCRIPTIONS.authAction}>
      <FormPanel>
        <ErrorNote message="This link is incomplete. Open it again from the mail, or copy the whole address into the browser." />
        <div className={formStyles.links}>
          <Link to={paths.confirm}>Get a new confirmation link</Link>
          <Link to={paths.forgotPassword}>Get a new password link</Link>
        </div>
      </FormPanel>
    </Page>
  );
}

/**
 * A Google or GitHub sign-in in the whole window (the popup was blocked) ends here: the app has already
 * traded the refresh cookie for a session while starting, so go on, or show the refusal on the login page.
 */
function OAuthReturn({ next, error }: { next: string | null; error: string | null }) {
  const { status } = useAuth();
  if (error || !next) return <Navigate to={`${paths.login}?${new URLSearchParams({ error: error ?? 'auth/provider-error' })}`} replace />;
  if (status !== 'signedIn') return <Navigate to={`${paths.login}?${new URLSearchParams({ error: 'auth/session-expired' })}`} replace />;
  return <Navigate to={next} replace />;
}

/** A confirmation link already used, or too old: a new one can be asked for. */
function isSpentLink(error: Error): boolean {
  const code = accountErrorCodeOf(error);
  return code === 'auth/invalid-action-code' || code === 'auth/expired-action-code';
}

function VerifyEmail({ code }: { code: string }) {
  const { status } = useAuth();
  // A query rather than an effect: the code works once, and the cache makes sure it is sent once.
  const verify = useQuery({
    queryKey: ['auth', 'verify-email', code],
    queryFn: () => api('verifyEmail', { body: { oobCode: code } }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  return (
    <QueryState
      query={verify}
      pending={<Spinner label="Confirming your email address…" />}
      error={accountErrorText}
      retry={false}
      failure={(note, error) => (
        <>
          {note}
          {isSpentLink(error) && (
            <ResendConfirmationForm intro="Enter the address you signed up with to get a new confirmation link." />
          )}
        </>
      )}
    >
      {({ email }) => (
        <>
          <FormNote kind="success">
            <strong>{email}</strong> is confirmed. {status === 'signedIn' ? 'Enjoy the site!' : 'You can log in now.'}
          </FormNote>
          {status === 'signedIn' ? <ButtonLink to={paths.home}>Go to the home page</ButtonLink> : <ButtonLink to={paths.login}>Log in</ButtonLink>}
        </>
      )}
    </QueryState>
  );
}

function ResetPassword({ code }: { code: string }) {
  const policy = useQuery(passwordPolicyQuery);
  const check = useQuery({
    queryKey: ['auth', 'password-reset-check', code],
    queryFn: () => api('checkPasswordResetCode', { body: { oobCode: code } }),
    staleTime: Infinity,
    retry: false,
  });

  return (
    <QueryState
      query={allOf(check, policy)}
      pending={<Spinner label="Checking the link…" />}
      error={accountErrorText}
      retry={false}
      failure={(note) => (
        <>
          {note}
          <div className={formStyles.links}>
            <Link to={paths.forgotPassword}>Ask for a new link</Link>
          </div>
        </>
      )}
    >
      {([link, rules]) => <NewPasswordForm code={code} email={link.email} policy={rules} />}
    </QueryState>
  );
}

function NewPasswordForm({ code, email, policy }: { code: string; email: string; policy: PasswordPolicy }) {
  const reset = useMutation({ mutationFn: (body: ResetPasswordRequest) => api('resetPassword', { body }) });
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  if (reset.isSuccess) {
    return (
      <>
        <FormNote kind="success">{reset.data.message}</FormNote>
        <ButtonLink to={paths.login}>Log in</ButtonLink>
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordRequest(policy, email).safeParse({ oobCode: code, newPassword: password });
    setFieldErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (parsed.success) reset.mutate(parsed.data);
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <p>
        New password for <strong>{email}</strong>.
      </p>
      {reset.isError && <ErrorNote message={accountErrorText(reset.error)} />}
      {/* The account's address, for password managers to file the new password under. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.newPassword}
        hint={<PasswordRules policy={policy} password={password} email={email} />}
      />
      <SubmitButton busy={reset.isPending} busyLabel="Saving…">
        Save the new password
      </SubmitButton>
    </form>
  );
}

export { AuthActionPage as Component };
