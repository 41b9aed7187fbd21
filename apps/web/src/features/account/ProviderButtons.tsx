import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { OAuthProviderId, ProvidersResponse } from '@slipstream/contract';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { Spinner } from '../../lib/ui/Spinner';
import { useAccountSession } from './accountSession';
import { AccountFlowError, accountErrorCodeOf, accountErrorText } from './errors';
import { signInWithPopup } from './oauthPopup';
import { providersQuery } from './queries';
import styles from './ProviderButtons.module.css';

type Provider = ProvidersResponse['providers'][number];

/**
 * "Continue with Google / GitHub", each shown only when the server lists it (GET /api/auth/providers).
 * Sits below the email form, so the buttons appearing once the list loads move nothing above them.
 */
export function ProviderButtons() {
  const providers = useQuery(providersQuery).data?.providers ?? [];
  const session = useAccountSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<OAuthProviderId | null>(null);
  const [failure, setFailure] = useState<{ error: unknown; provider: Provider } | null>(null);

  if (providers.length === 0) return null;

  const signIn = async (provider: Provider) => {
    setBusy(provider.id);
    setFailure(null);
    try {
      const landing = await signInWithPopup(provider.signInUrl);
      const user = await session.adoptCookieSession();
      if (!user) throw new AccountFlowError('auth/session-expired');
      await navigate(landing, { replace: true });
    } catch (error) {
      setFailure({ error, provider });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.providers} aria-label="Other ways to sign in">
      <p className={styles.or}>
        <span>or</span>
      </p>
      {failure && (
        <div className={styles.failure}>
          <ErrorNote message={accountErrorText(failure.error)} />
          {accountErrorCodeOf(failure.error) === 'auth/popup-blocked' && (
            // The redirect way: the whole page goes to the provider and comes back signed in.
            <a className={styles.redirect} href={failure.provider.signInUrl}>
              Continue with {failure.provider.name} in this window
            </a>
          )}
        </div>
      )}
      <div className={styles.buttons}>
        {providers.map((provider) => (
          <button
            key={provider.id}
            type="button"
            className={styles.button}
            disabled={busy !== null}
            aria-busy={busy === provider.id}
            onClick={() => void signIn(provider)}
          >
            {busy === provider.id ? <Spinner size="sm" label={`Signing in with ${provider.name}…`} /> : <ProviderMark id={provider.id} />}
            Continue with {provider.name}
          </button>
        ))}
      </div>
    </section>
  );
}

function ProviderMark({ id }: { id: OAuthProviderId }) {
  if (id === 'google') {
    return (
      <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path fill="#FFC107" d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z" />
        <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
        <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
        <path fill="#1976D2" d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z" />
      </svg>
    );
  }
  return (
    <svg width="20" height="20" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0 0 16 8c0-4.42-3.58-8-8-8z" />
    </svg>
  );
}
