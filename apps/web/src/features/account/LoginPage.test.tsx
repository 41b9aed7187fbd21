import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { anonymousApi, sessionAnswer, testAccountSession, testProfile } from '../../test/accounts';
import { json, mockApi } from '../../test/api';
import { renderRouter } from '../../test/render';

function renderLogin(entry: string | { pathname: string; state: unknown } = '/login') {
  const { router } = renderRouter(createMemoryRouter(routes, { initialEntries: [entry] }), { session: testAccountSession() });
  return { router, user: userEvent.setup() };
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });

describe('the login form', { timeout: 20_000 }, () => {
  it('names what is missing beside each field, before asking the server', async () => {
    const fetchMock = mockApi(anonymousApi);
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByText('An email address like name@example.com')).toBeInTheDocument();
    expect(screen.getByText('Must not be empty')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/auth/sign-in');
  });

  it('refuses an unconfirmed address with a way to get the mail again', async () => {
    mockApi({
      ...anonymousApi,
      '/api/auth/sign-in': () => json({ code: 'auth/email-not-verified', message: 'Confirm your email address first: open the link we sent you. No mail? Ask for a new one.' }, 403),
      '/api/auth/verify-email/resend': async (request) => json({ message: `If ${(await request.json()).email} belongs to an account that is not confirmed yet, a new confirmation link is on its way.` }, 202),
    });
    const { user } = renderLogin();
    await user.type(await screen.findByLabelText('Email'), 'Ana@Example.com');
    await user.type(field('Password'), 'Grid-walk-2025');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirm your email address first');
    await user.click(screen.getByRole('button', { name: 'Send the confirmation mail again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If ana@example.com belongs to an account that is not confirmed yet');
  });

  it('says when the service cannot be reached', async () => {
    const fetchMock = mockApi(anonymousApi);
    const { user } = renderLogin();
    await screen.findByLabelText('Email');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.type(field('Email'), 'ana@example.com');
    await user.type(field('Password'), 'Grid-walk-2025');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in service could not be reached. Check your connection and try again.');
  });

  it('shows why a Google or GitHub sign-in in this window was refused', async () => {
    mockApi(anonymousApi);
    renderLogin('/login?error=auth%2Funverified-provider-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account at that provider has no verified email address.');
  });

  it('signs in, fetches the profile, and goes on to the page the guard came from', async () => {
    const fetchMock = mockApi({
      ...anonymousApi,
      '/api/auth/sign-in': () => json(sessionAnswer()),
      [`/api/profile/${sessionAnswer().user.uid}`]: () => json({ data: testProfile({ displayName: 'Ana P.' }) }),
    });
    const { router, user } = renderLogin({ pathname: '/login', state: { from: '/info' } });
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(field('Password'), 'Grid-walk-2025');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/info'));
    const profileCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/profile/'));
    expect(new Headers(profileCall?.[1]?.headers).get('authorization')).toBe('Bearer token-1');
    expect(within(await screen.findByRole('contentinfo')).getByText('Ana P.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('currentUser')!)).toMatchObject({ email: 'ana@example.com', displayName: 'Ana P.' });
  });

  it('hides the Google and GitHub buttons the server does not list', async () => {
    mockApi({ ...anonymousApi, '/api/auth/providers': () => json({ providers: [{ id: 'github', name: 'GitHub', signInUrl: '/api/auth/oauth/github' }] }) });
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Continue with GitHub' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.getByText('Sign in with your email and password, or with GitHub, to see your favourite driver and team.')).toBeInTheDocument();
  });

  it('names only the password when the server lists no other way to sign in', async () => {
    const fetchMock = mockApi({ ...anonymousApi, '/api/auth/providers': () => json({ providers: [] }) });
    renderLogin();
    await vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/auth/providers'));
    expect(await screen.findByText('Sign in with your email and password to see your favourite driver and team.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByText(/Google|GitHub/)).toBeNull();
  });
});
