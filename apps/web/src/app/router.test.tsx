import { act, screen, waitFor, within } from '@testing-library/react';
import { documentTitle } from '@slipstream/contract';
import { type FixedPageName, PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { pageAt } from '@slipstream/contract/pages';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/api';
import { anonymousApi, signedInApi, testAccountSession } from '../test/accounts';
import { renderRouter } from '../test/render';
import type { SessionSource } from '../lib/auth';
import { routes } from './router';

function renderAt(path: string, session?: SessionSource) {
  return renderRouter(createMemoryRouter(routes, { initialEntries: [path] }), { session: session ?? testAccountSession() });
}

/** A page without parameters keeps the title and description the page registry gives it (here no season is known). */
async function expectRegistryHead(path: string) {
  const { name, page } = pageAt(path);
  if (page.path !== path) return;
  await waitFor(() => {
    expect(document.title).toBe(documentTitle(page.title));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', PAGE_DESCRIPTIONS[name as FixedPageName]);
  });
}

/** Every route open to an anonymous visitor (docs/product.md), with the heading its page starts with. */
const specRoutes: Array<[path: string, heading: RegExp]> = [
  ['/', /Formula 1, one lap ahead/],
  ['/schedule', /Formula 1 Schedule/],
  // Every API call answers 404 here: the meeting page says the weekend is unknown.
  ['/schedule/2025/belgian-grand-prix', /Race weekend not found/],
  ['/teams', /Formula 1 Team Standings/],
  ['/drivers', /Formula 1 Driver Standings/],
  ['/drivers/VER', /Driver not found/], // this test's API knows no driver
  ['/qualifying-results', /Qualifying results/],
  ['/qualifying-results/2019', /Qualifying results 2019/],
  ['/race-results', /Race results/],
  ['/race-results/2014', /Race results 2014/],
  ['/vote', /Fan vote/],
  ['/vote/results', /Vote results/],
  ['/track-vizualizer', /Track visualiser/],
  ['/reaction-game', /Reaction game/],
  ['/f1-history', /F1 history/],
  ['/live', /Live/],
  ['/fun', /Fun/],
  ['/login', /Log in/],
  ['/signup', /Create an account/],
  ['/forgot-password', /Forgot your password/],
  ['/confirm', /Confirm your email/],
  ['/auth-action', /Account action/],
  ['/info', /Info and sources/],
  ['/privacy-policy', /Privacy policy/],
  ['/terms-of-service', /Terms of service/],
  // The screens docs/product.md leaves to their own docs (Other screens).
  ['/compare', /Head to head/],
  ['/title-fight', /Title fight/],
];

/** The routes behind guards (docs/product.md, Accounts and guards), shown to a signed-in admin. */
const guardedRoutes: Array<[path: string, heading: RegExp]> = [
  ['/profile', /Your profile/],
  ['/update-profile', /Update profile/],
  ['/test', /Health summary/],
  ['/update-teams', /Update teams/],
  ['/admin', /Admin dashboard/],
  ['/admin/season-events', /Season events/],
  ['/admin/test', /Diagnostics/],
  ['/admin/driver-editor', /Driver editor/],
  ['/admin/team-editor', /Team editor/],
];

describe('the router', () => {
  it.each(specRoutes)('shows %s inside the shell', async (path, heading) => {
    mockApi(anonymousApi);
    renderAt(path);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await expectRegistryHead(path);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it.each(guardedRoutes)('shows %s to a signed-in admin', async (path, heading) => {
    mockApi({ ...signedInApi(), '/api/check-admin': () => json({ isAdmin: true }) });
    renderAt(path);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await expectRegistryHead(path);
  });

  it('shows the not-found page for any other path', async () => {
    mockApi(anonymousApi);
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: /Page not found/ })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Slipstream');
  });

  it('gives each page its own title and description', async () => {
    mockApi(anonymousApi);
    renderAt('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    // The head follows the page after it is committed (an effect), which a loaded machine may run a moment later.
    await waitFor(() => {
      expect(document.title).toBe('Privacy policy · Slipstream');
      expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringMatching(/cookies and browser storage/));
    });
  });
});

describe('the shell', () => {
  it('shows only a spinner until the first authentication state is known', async () => {
    mockApi({});
    let finishRestore!: (user: null) => void;
    const session: SessionSource = { restore: () => new Promise((resolve) => (finishRestore = resolve)), signOut: async () => {} };
    const { router } = renderAt('/info', session);
    await vi.waitFor(() => expect(router.state.initialized).toBe(true)); // the page's code is there
    expect(screen.getByRole('status')).toHaveTextContent('Loading Slipstream…');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('main')).toBeNull();

    await act(async () => finishRestore(null));
    expect(await screen.findByRole('heading', { level: 1, name: 'Info and sources' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows the page at once when nobody can be signed in, without asking to restore a session', async () => {
    mockApi({});
    const restore = vi.fn(async () => null);
    renderAt('/info', { startsAnonymous: true, restore, signOut: async () => {} });
    expect(screen.queryByText('Loading Slipstream…')).toBeNull();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Info and sources' })).toBeInTheDocument();
    expect(restore).not.toHaveBeenCalled();
  });

  it('shows the signed-in account’s name, email and photo in the footer', async () => {
    mockApi({});
    const session: SessionSource = {
      restore: async () => ({ uid: 'u1', email: 'ana@example.com', displayName: 'Ana Pop', photoUrl: '/ana.jpg', role: 'user' as const }),
      signOut: async () => {},
    };
    renderAt('/', session);
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('Ana Pop')).toBeInTheDocument();
    expect(within(footer).getByText('ana@example.com')).toBeInTheDocument();
    expect(footer.querySelector('img[src="/ana.jpg"]')).not.toBeNull();
  });

  it('credits F1DB with its data version on the info page', async () => {
    mockApi({
      ...anonymousApi,
      '/api/meta': () =>
        json({
          featuredSeason: 2025,
          dataVersion: { source: 'f1db', version: 'v2025.14.0', dataDate: '2025-07-06T00:00:00Z', importedAt: '2025-07-07T09:00:00Z' },
        }),
    });
    renderAt('/info');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(/F1DB v2025\.14\.0/)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'F1DB' })).toHaveAttribute('href', 'https://github.com/f1db/f1db');
    expect(within(main).getByText(/Philipp Schaefer et al\./)).toBeInTheDocument();
    expect(within(main).getByText('06/07/2025')).toBeInTheDocument();
  });
});
