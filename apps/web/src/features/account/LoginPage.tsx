import { useQuery } from '@tanstack/react-query';
import { signInRequest, type ProvidersResponse } from '@slipstream/contract';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { FromState } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { Page } from '../../lib/ui/Page';
import { useAccountSession } from './accountSession';
import { AccountFlowError, accountErrorCodeOf, accountErrorText, isAccountErrorCode } from './errors';
import { EmailField, fieldErrorsOf, FormNote, FormPanel, formStyles, PasswordField, SubmitButton, type FieldErrors } from './form';
import { ProviderButtons } from './ProviderButtons';
import { providersQuery } from './queries';
import { ResendConfirmation } from './ResendConfirmation';

/** The ways to sign in: the password, and the providers the server lists (none named until it has said). */
export function signInWays(providers: ProvidersResponse['providers']): string {
  const others = providers.length > 0 ? `, or with ${providers.map((provider) => provider.name).join(' or ')},` : '';
  return `Sign in with your email and password${others} to see your favourite driver and team.`;
}

function LoginPage() {
  const session = useAccountSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // A Google or GitHub sign-in that went wrong in this window comes back as /login?error=<code>.
  const redirectError = search.get('error');
  const [failure, setFailure] = useState<unknown>(() =>
    redirectError ? new AccountFlowError(isAccountErrorCode(redirectError) ? redirectError : 'auth/provider-error') : null,
  );
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const providers = useQuery(providersQuery).data?.providers ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = signInRequest.safeParse({ email, password });
    setFieldErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (!parsed.success) return;
    setBusy(true);
    setFailure(null);
    setUnconfirmedEmail(null);
    try {
      await session.signIn(parsed.data);
      await navigate((location.state as FromState | null)?.from ?? paths.home, { replace: true });
    } catch (error) {
      setFailure(error);
      if (accountErrorCodeOf(error) === 'auth/email-not-verified') setUnconfirmedEmail(parsed.data.email);
      setBusy(false);
    }
  };

  return (
    <Page page="login" lead={signInWays(providers)}>
      <FormPanel>
        <form className={formStyles.form} onSubmit={submit} noValidate>
          {failure !== null && (
            <FormNote kind="error">
              <ErrorNote message={accountErrorText(failure)} />
              {unconfirmedEmail && <ResendConfirmation email={unconfirmedEmail} />}
            </FormNote>
          )}
          <EmailField value={email} onChange={setEmail} error={fieldErrors.email} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldErrors.password}
          />
          <SubmitButton busy={busy} busyLabel="Logging in…">
            Log in
          </SubmitButton>
          <div className={formStyles.links}>
            <Link to={paths.forgotPassword}>Forgot your password?</Link>
            <Link to={paths.signup}>No account yet? Sign up</Link>
          </div>
        </form>
        <ProviderButtons />
      </FormPanel>
    </Page>
  );
}

export { LoginPage as Component };
