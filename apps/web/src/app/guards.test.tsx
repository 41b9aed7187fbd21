import { act, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { anonymousApi, sessionAnswer, signedInApi, testAccountSession, testProfile } from '../test/accounts';
import { json, mockApi } from '../test/api';
import { renderRouter } from '../test/render';
import { routes } from './router';

/** The guards of docs/product.md (Accounts and guards), with their exact alerts. */

function visit(path: string, session = testAccountSession()) {
  const alerts = vi.fn();
  vi.stubGlobal('alert', alerts);
  const { router } = renderRouter(createMemoryRouter(routes, { initialEntries: [path] }), { session });
  return { alerts, router, session };
}

async function landsOn(router: ReturnType<typeof createMemoryRouter>, pathname: string) {
  await vi.waitFor(() => expect(router.state.location.pathname).toBe(pathname), { timeout: 5_000 });
}

describe('pages that need a login', () => {
  it.each(['/profile', '/update-profile'])('%s sends a visitor who is not logged in to /login, with the alert', async (path) => {
    mockApi(anonymousApi);
    const { alerts, router } = visit(path);
    await landsOn(router, '/login');
    expect(alerts.mock.calls).toEqual([['You have to log in to view this page!']]);
    expect(router.state.location.state).toEqual({ from: path });
  });
});

describe('a session that ends on a page that needs a login', () => {
  it('sends the visitor home, without the alert meant for arrivals', async () => {
    mockApi(signedInApi());
    const { alerts, router, session } = visit('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    act(() => session.accountDeleted());
    await landsOn(router, '/');
    expect(alerts).not.toHaveBeenCalled();
  });
});

describe('pages only for visitors who are logged out', () => {
  it('/signup sends a logged-in user home with "Already logged in!"', async () => {
    mockApi(signedInApi());
    const { alerts, router } = visit('/signup');
    await landsOn(router, '/');
    expect(alerts.mock.calls).toEqual([['Already logged in!']]);
  });

  it('/login sends a logged-in user home without an alert', async () => {
    mockApi(signedInApi());
    const { alerts, router } = visit('/login');
    await landsOn(router, '/');
    expect(alerts).not.toHaveBeenCalled();
  });

  it('does not greet someone who signs in on the page with the alert', async () => {
    mockApi({ ...anonymousApi, ...signedInApi(), '/api/auth/refresh': anonymousApi['/api/auth/refresh'], '/api/auth/sign-in': () => json(sessionAnswer()) });
    const { alerts, session } = visit('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    await act(() => session.signIn({ email: 'ana@example.com', password: 'secret' }));
    expect(alerts).not.toHaveBeenCalled();
  });
});

describe('admin pages', () => {
  it.each(['/admin', '/admin/team-editor', '/test', '/update-teams'])('%s asks a visitor who is not logged in to log in first', async (path) => {
    mockApi(anonymousApi);
    const { alerts, router } = visit(path);
    await landsOn(router, '/login');
    expect(alerts.mock.calls).toEqual([['Log in to admin account first!']]);
  });

  it.each([
    [403, { code: 'auth/not-admin', message: 'You are not the admin' }, 'You are not the admin'],
    [401, { code: 'auth/invalid-token', message: 'Invalid or expired token. Please log in again.' }, 'Invalid or expired token. Please log in again.'],
    [500, { message: 'Internal server error' }, 'Server error during admin check'],
    [502, undefined, 'Server error during admin check'],
  ])('sends a user home when the admin check answers %i', async (status, body, alert) => {
    mockApi({ ...signedInApi(), '/api/check-admin': () => (body ? json(body, status) : new Response('Bad gateway', { status })) });
    const { alerts, router } = visit('/admin/season-events');
    await landsOn(router, '/');
    expect(alerts.mock.calls).toEqual([[alert]]);
  });

  it('lets an admin in, after a spinner while the check runs', async () => {
    let answer!: (response: Response) => void;
    mockApi({ ...signedInApi(testProfile()), '/api/check-admin': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { alerts } = visit('/admin');
    expect(await screen.findByText('Checking admin access…')).toBeInTheDocument();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    await act(async () => answer(json({ isAdmin: true })));
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeInTheDocument();
    expect(alerts).not.toHaveBeenCalled();
  });
});
