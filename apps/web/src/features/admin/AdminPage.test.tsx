import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminJob, AdminUser, AuditEntry, DataStatusResponse, SourceState, SourcesResponse } from '@slipstream/contract';
import { signedInApi, testAccount, testAccountSession } from '../../test/accounts';
import { json, mockApi } from '../../test/api';
import { createMemoryRouter } from 'react-router';
import { routes } from '../../app/router';
import { renderRouter } from '../../test/render';

const status: DataStatusResponse = {
  lastImport: {
    version: 'v2025.11.0+abcdef123456',
    dataDate: '2025-11-09',
    startedAt: '2025-11-10T08:00:00.000Z',
    finishedAt: '2025-11-10T08:00:09.000Z',
    changedRows: 1520,
  },
  importCount: 3,
  newsSources: [
    {
      name: 'formula1',
      url: 'https://www.formula1.com/en/latest/all.xml',
      lastAttemptAt: '2025-11-10T09:00:00.000Z',
      lastSuccessAt: '2025-11-10T09:00:00.000Z',
      lastFailureAt: null,
      lastError: null,
      consecutiveFailures: 0,
    },
    { name: 'racefans', url: 'https://www.racefans.net/feed/', lastAttemptAt: null, lastSuccessAt: null, lastFailureAt: null, lastError: null, consecutiveFailures: 0 },
  ],
  tables: [
    { name: 'races', rows: 1149 },
    { name: 'users', rows: 2 },
  ],
};

const me: AdminUser = { id: testAccount.uid, email: testAccount.email, displayName: 'Ana Pop', role: 'admin', emailVerified: true, createdAt: '2025-01-01T00:00:00.000Z' };
const fan: AdminUser = { id: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0', email: 'fan@example.com', displayName: null, role: 'user', emailVerified: true, createdAt: '2025-02-01T00:00:00.000Z' };

const roleEntry: AuditEntry = {
  id: 7,
  at: '2025-07-05T12:00:00.000Z',
  actorId: testAccount.uid,
  actorEmail: testAccount.email,
  action: 'user.role',
  targetType: 'user',
  targetId: fan.id,
  before: { email: fan.email, role: 'user' },
  after: { email: fan.email, role: 'admin' },
};

function job(changes: Partial<AdminJob>): AdminJob {
  return {
    id: '8a3c1b2d-0e4f-4a5b-9c6d-7e8f9a0b1c2d',
    kind: 'data.reimport',
    status: 'running',
    startedAt: '2025-07-05T12:00:00.000Z',
    finishedAt: null,
    progress: 'Starting',
    fraction: 0,
    result: null,
    error: null,
    ...changes,
  };
}

/** A server whose sources were never checked and hold nothing provisional. */
const uncheckedSources: SourcesResponse = {
  sources: (['f1db-release', 'live-timing'] as const).map((source) => ({
    source,
    label: source,
    url: null,
    scheduled: false,
    version: null,
    detail: null,
    lastCheckAt: null,
    nextCheckAt: null,
    lastSuccessAt: null,
    lastErrorAt: null,
    lastError: null,
  })),
  provisionalRaces: [],
  differences: [],
};

function adminApi(overrides: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  return mockApi({
    ...signedInApi(),
    '/api/check-admin': () => json({ isAdmin: true }),
    '/api/admin/status': () => json(status),
    '/api/admin/users': () => json({ users: [me, fan], page: 1, pageSize: 20, total: 2 }),
    '/api/admin/audit': () => json({ entries: [roleEntry], nextBefore: null }),
    '/api/admin/sources': () => json(uncheckedSources),
    ...overrides,
  });
}

/** The dashboard as the app shows it: behind the admin guard, which waits for the session. */
const show = () => renderRouter(createMemoryRouter(routes, { initialEntries: ['/admin'] }), { session: testAccountSession() });

describe('the admin dashboard', () => {
  it('shows the data status and links to every admin page', async () => {
    adminApi();
    show();
    expect(await screen.findByText('v2025.11.0+abcdef123456')).toBeInTheDocument();
    expect(screen.getByText('09/11/2025')).toBeInTheDocument();
    expect(screen.getByText('Never fetched')).toBeInTheDocument();
    expect(screen.getByText('1,149')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin pages' });
    const targets = within(nav).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(targets).toEqual(['/admin/season-events', '/admin/driver-editor', '/admin/team-editor', '/update-teams', '/admin/test', '/test']);
  });

  it('says so when nothing was imported yet', async () => {
    adminApi({ '/api/admin/status': () => json({ ...status, lastImport: null, importCount: 0 }) });
    show();
    expect(await screen.findByText('No F1 data has been imported yet.')).toBeInTheDocument();
  });

  it('starts a re-import, follows the job and shows its result', async () => {
    const calls: string[] = [];
    adminApi({
      '/api/admin/actions/reimport': (request) => {
        calls.push(request.method);
        return json(job({}), 202);
      },
      [`/api/admin/jobs/${job({}).id}`]: () =>
        json(
          job({
            status: 'succeeded',
            progress: 'Done',
            fraction: 1,
            finishedAt: '2025-07-05T12:00:05.000Z',
            result: { version: 'v2025.11.0+0123456789ab', dataDate: '2025-11-09', changedRows: 42, changes: { races: { inserted: 2, updated: 40, deleted: 0 } }, durationMs: 5000 },
          }),
        ),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Re-import F1 data' }));
    expect(await screen.findByText(/Re-import finished: F1DB v2025\.11\.0\+0123456789ab/)).toHaveTextContent('42 rows changed.');
    expect(screen.getByText('races: +2 ~40 −0')).toBeInTheDocument();
    expect(calls).toEqual(['POST']);
  });

  it('shows the progress of a running re-import', async () => {
    adminApi({
      '/api/admin/actions/reimport': () => json(job({}), 202),
      [`/api/admin/jobs/${job({}).id}`]: () => json(job({ progress: 'Writing races (step 9 of 21)', fraction: 8 / 21 })),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Re-import F1 data' }));
    const bar = await screen.findByRole('progressbar', { name: 'Re-import: Writing races (step 9 of 21)' });
    expect(bar).toHaveAttribute('value', String(8 / 21));
    expect(screen.getByRole('button', { name: 'Re-importing…' })).toBeDisabled();
  });

  it('shows the server’s refusal of a second re-import', async () => {
    adminApi({ '/api/admin/actions/reimport': () => json({ message: 'A re-import is already running' }, 409) });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Re-import F1 data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A re-import is already running');
  });

  it('refreshes the news and recomputes standings, reporting each', async () => {
    adminApi({
      '/api/admin/actions/news-refresh': () =>
        json({ sources: [{ source: 'formula1', status: 'fetched', inserted: 3, updated: 1, unchanged: 20, skipped: 0, error: null }] }),
      '/api/admin/actions/recompute-standings': () => json({ message: 'Cached standings were dropped.', cacheRevision: 8 }),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh news' }));
    expect(await screen.findByText('formula1: fetched, 3 new, 1 updated')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Recompute standings' }));
    expect(await screen.findByText('Cached standings were dropped.')).toBeInTheDocument();
  });
});

describe('the users list', () => {
  it('disables changing or deleting your own account', async () => {
    adminApi();
    show();
    expect(await screen.findByRole('button', { name: `Make ${me.email} a user` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Delete ${me.email}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Make ${fan.email} an admin` })).toBeEnabled();
  });

  it('searches by the typed text from the first page', async () => {
    const searches: (string | null)[] = [];
    adminApi({
      '/api/admin/users': (request) => {
        const url = new URL(request.url);
        searches.push(url.searchParams.get('q'));
        return json({ users: [fan], page: Number(url.searchParams.get('page')), pageSize: 20, total: 1 });
      },
    });
    show();
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Email or name' }), 'fan');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/1 account matching “fan”, page 1 of 1/)).toBeInTheDocument();
    expect(searches.at(-1)).toBe('fan');
  });

  it('changes a role', async () => {
    const bodies: unknown[] = [];
    adminApi({
      [`/api/admin/users/${fan.id}`]: async (request) => {
        bodies.push({ method: request.method, body: await request.json() });
        return json({ ...fan, role: 'admin' });
      },
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: `Make ${fan.email} an admin` }));
    await vi.waitFor(() => expect(bodies).toEqual([{ method: 'PATCH', body: { role: 'admin' } }]));
  });

  it('deletes an account only after its address is typed', async () => {
    const bodies: unknown[] = [];
    adminApi({
      [`/api/admin/users/${fan.id}`]: async (request) => {
        bodies.push({ method: request.method, body: await request.json() });
        return new Response(null, { status: 204 });
      },
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${fan.email}` }));
    const dialog = screen.getByRole('dialog', { name: `Delete ${fan.email}?` });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(`Type ${fan.email} to confirm`), 'fan@example.co');
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(`Type ${fan.email} to confirm`), 'm');
    await userEvent.click(confirm);
    await vi.waitFor(() => expect(bodies).toEqual([{ method: 'DELETE', body: { confirmEmail: fan.email } }]));
  });
});

describe('the audit log', () => {
  it('shows each entry with its changed fields before and after', async () => {
    adminApi();
    show();
    const entries = await screen.findByRole('list', { name: 'Audit entries, newest first' });
    expect(within(entries).getByText('user.role')).toBeInTheDocument();
    expect(within(entries).getByText(new RegExp(`by ${testAccount.email}`))).toBeInTheDocument();
    const role = within(entries).getByRole('row', { name: /^role/ });
    expect(within(role).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['user', 'admin']);
  });

  it('sends the filters to the server', async () => {
    const queries: string[] = [];
    adminApi({
      '/api/admin/audit': (request) => {
        queries.push(new URL(request.url).search);
        return json({ entries: [], nextBefore: null });
      },
    });
    show();
    await userEvent.type(await screen.findByLabelText('Action starts with'), 'user.');
    await userEvent.type(screen.getByLabelText('Actor email'), 'ana');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No audit entries match these filters.')).toBeInTheDocument();
    expect(queries.at(-1)).toBe('?action=user.&actor=ana');
  });
});

describe('the result sources on the admin dashboard', () => {
  const release: SourceState = {
    source: 'f1db-release',
    label: 'F1DB releases',
    url: 'https://api.github.com/repos/f1db/f1db/releases/latest',
    scheduled: true,
    version: 'v2026.11.0',
    detail: 'Up to date with v2026.11.0.',
    lastCheckAt: '2026-11-25T06:00:00.000Z',
    nextCheckAt: '2026-11-25T12:00:00.000Z',
    lastSuccessAt: '2026-11-25T06:00:00.000Z',
    lastErrorAt: null,
    lastError: null,
  };
  const liveTiming: SourceState = {
    ...release,
    source: 'live-timing',
    label: 'F1 live timing',
    url: 'https://livetiming.formula1.com',
    version: '2026 Las Vegas Grand Prix Race',
    detail: 'Waiting for the final classification of 2026 Qatar Grand Prix Sprint.',
    lastErrorAt: '2026-11-25T06:01:00.000Z',
    lastError: '2026 Qatar Grand Prix Sprint: no entrant matches #43 F COLAPINTO',
  };
  const sources: SourcesResponse = {
    sources: [release, liveTiming],
    provisionalRaces: [{ raceId: 1190, season: 2026, round: 22, meetingName: 'Qatar Grand Prix', sessions: ['SPRINT_QUALIFYING', 'SPRINT'] }],
    differences: [
      {
        id: 3,
        season: 2026,
        round: 21,
        meetingName: 'Las Vegas Grand Prix',
        session: 'RACE',
        driverName: 'Lando Norris',
        provisionalPosition: '2',
        officialPosition: 'DSQ',
        provisionalPoints: 18,
        officialPoints: null,
        foundAt: '2026-11-25T06:00:05.000Z',
        importVersion: 'v6.5.0+0123456789ab',
      },
    ],
  };

  it('shows each source with its checks and errors, the races still provisional and the corrections', async () => {
    adminApi({ '/api/admin/sources': () => json(sources) });
    show();
    const section = await screen.findByRole('region', { name: 'Result sources' });
    const f1db = await within(section).findByRole('region', { name: 'F1DB releases' });
    expect(f1db).toHaveTextContent('Up to date with v2026.11.0.');
    expect(within(f1db).getByText('Release imported').nextSibling).toHaveTextContent('v2026.11.0');
    expect(within(f1db).getByText('Next check').nextSibling).toHaveTextContent('25/11/2026');
    const live = within(section).getByRole('region', { name: 'F1 live timing' });
    expect(live).toHaveTextContent('no entrant matches #43 F COLAPINTO');
    expect(within(section).getByRole('region', { name: 'Still provisional' })).toHaveTextContent(
      '1 race has results from live timing that F1DB has not confirmed yet:Qatar Grand Prix 2026 (round 22: Sprint Qualifying, Sprint)',
    );
    const corrections = within(section).getByRole('table');
    expect(within(corrections).getByRole('row', { name: /Lando Norris/ })).toHaveTextContent('Las Vegas Grand Prix 2026, RaceLando Norris2, 18 ptsDSQ');
  });

  it('checks a source now and shows what came of it', async () => {
    const checked: string[] = [];
    adminApi({
      '/api/admin/sources': () => json(sources),
      '/api/admin/sources/f1db-release/check': (request) => {
        checked.push(request.method);
        return json({ message: 'Imported v2026.12.0 (2045 rows changed, 1 provisional results corrected).', state: { ...release, version: 'v2026.12.0' } });
      },
    });
    show();
    const f1db = await screen.findByRole('region', { name: 'F1DB releases' });
    await userEvent.click(within(f1db).getByRole('button', { name: 'Check now (F1DB releases)' }));
    expect(await within(f1db).findByRole('status')).toHaveTextContent('Imported v2026.12.0 (2045 rows changed, 1 provisional results corrected).');
    expect(checked).toEqual(['POST']);
  });
});
