import { useQuery } from '@tanstack/react-query';
import { signUpRequest } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { QueryFailure, QueryState } from '../../lib/ui/QueryState';
import { Page } from '../../lib/ui/Page';
import { Skeleton } from '../../lib/ui/Skeleton';
import type { ConfirmState } from './ConfirmPage';
import { accountErrorText } from './errors';
import { EmailField, fieldErrorsOf, FormNote, FormPanel, formStyles, PasswordField, SubmitButton, TextField, type FieldErrors } from './form';
import { PasswordRules } from './PasswordRules';
import { ProviderButtons } from './ProviderButtons';
import { passwordPolicyQuery } from './queries';

function SignupPage() {
  const navigate = useNavigate();
  const policy = useQuery(passwordPolicyQuery);
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!policy.data) return;
    const parsed = signUpRequest(policy.data).safeParse({ email, password, displayName: displayName.trim() || undefined });
    setFieldErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (!parsed.success) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api('signUp', { body: parsed.data });
      const state: ConfirmState = { email: answer.email };
      await navigate(paths.confirm, { state });
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  return (
    <Page page="signup" heading="Create an account" lead={PAGE_DESCRIPTIONS.signup}>
      <FormPanel>
        <form className={formStyles.form} onSubmit={submit} noValidate>
          {failure !== null && (
            <FormNote kind="error">
              <ErrorNote message={accountErrorText(failure)} />
            </FormNote>
          )}
          <QueryFailure query={policy} message={accountErrorText} />
          <TextField
            label="Display name (optional)"
            name="displayName"
            autoComplete="nickname"
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
            error={fieldErrors.displayName}
            hint="3 to 40 characters, shown on your profile and in the menu."
          />
          <EmailField value={email} onChange={setEmail} error={fieldErrors.email} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldErrors.password}
            hint={
              <QueryState query={policy} pending={<Skeleton lines={3} width="16rem" />} error={null}>
                {(rules) => <PasswordRules policy={rules} password={password} email={email} />}
              </QueryState>
            }
          />
          <SubmitButton busy={busy || !policy.data} busyLabel={policy.data ? 'Creating your account…' : 'Loading…'}>
            Create account
          </SubmitButton>
          <div className={formStyles.links}>
            <Link to={paths.login}>Already have an account? Log in</Link>
          </div>
        </form>
        <ProviderButtons />
      </FormPanel>
    </Page>
  );
}

export { SignupPage as Component };
