import type { AuthUser, SessionResponse } from '@slipstream/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/api';
import { api, ApiError, noAccessTokens, setAccessTokenSource } from './api';
import { createSessionManager, isExpired, refreshDelay, type Serialise } from './session';

const MINUTE = 60_000;
const START = Date.parse('2025-07-05T12:00:00Z');

const user: AuthUser = {
  uid: '6f1c2d1e-1111-4222-8333-944455556666',
  email: 'oscar@example.com',
  emailVerified: true,
  displayName: 'Oscar',
  photoURL: null,
  role: 'user',
  providers: ['password'],
  createdAt: '2025-01-01T00:00:00Z',
};

/** A session answer whose token lives an hour from `issuedAt`, like the server's. */
function sessionAnswer(token: string, issuedAt: number): SessionResponse {
  return { accessToken: token, tokenType: 'Bearer', expiresAt: new Date(issuedAt + 60 * MINUTE).toISOString(), expiresIn: 3600, user };
}

function fakeClient() {
  let issued = 0;
  return {
    refreshSession: vi.fn(async () => sessionAnswer(`refreshed-${++issued}`, Date.now())),
    signIn: vi.fn(async () => sessionAnswer('signed-in', Date.now())),
    signOut: vi.fn(async () => {}),
  };
}

describe('the refresh timing rule (docs/product.md, Accounts and guards)', () => {
  const expiresAt = START + 60 * MINUTE;

  it('refreshes 5 minutes before the token expires, at once when that moment has passed', () => {
    expect(refreshDelay(expiresAt, START)).toBe(55 * MINUTE);
    expect(refreshDelay(expiresAt, expiresAt - 5 * MINUTE)).toBe(0);
    expect(refreshDelay(expiresAt, expiresAt + MINUTE)).toBe(0);
  });

  it('counts a token as expired from 30 seconds before its end', () => {
    expect(isExpired(expiresAt, expiresAt - 30_001)).toBe(false);
    expect(isExpired(expiresAt, expiresAt - 30_000)).toBe(true);
    expect(isExpired(expiresAt, expiresAt + 1)).toBe(true);
  });
});

describe('the session manager', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes on its own 5 minutes before the token expires, and keeps doing so', async () => {
    const client = fakeClient();
    const session = createSessionManager({ client });
    await session.signIn({ email: user.email, password: 'secret' });
    expect(await session.token()).toBe('signed-in');

    await vi.advanceTimersByTimeAsync(55 * MINUTE - 1);
    expect(client.refreshSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(client.refreshSession).toHaveBeenCalledOnce();
    expect(await session.token()).toBe('refreshed-1');

    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(client.refreshSession).toHaveBeenCalledTimes(2);
    expect(await session.token()).toBe('refreshed-2');
  });

  it('refreshes before handing out a token that is within 30 seconds of its end (a sleeping tab missed the timer)', async () => {
    const client = fakeClient();
    const session = createSessionManager({ client });
    await session.signIn({ email: user.email, password: 'secret' });

    vi.setSystemTime(START + 60 * MINUTE - 31_000); // the clock moved, no timer ran
    expect(await session.token()).toBe('signed-in');
    vi.setSystemTime(START + 60 * MINUTE - 30_000);
    expect(await session.token()).toBe('refreshed-1');
    expect(client.refreshSession).toHaveBeenCalledOnce();
  });

  it('runs one refresh at a time: callers during a refresh share it', async () => {
    const client = fakeClient();
    let release!: () => void;
    client.refreshSession.mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return sessionAnswer('shared', Date.now());
    });
    const session = createSessionManager({ client });
    const restoring = session.restore();
    const renewing = session.renew();
    const tokens = Promise.all([restoring, renewing, session.restore()]);
    release();
    const [restored, renewed] = await tokens;
    expect(client.refreshSession).toHaveBeenCalledOnce();
    expect(restored).toEqual(user);
    expect(renewed).toBeNull(); // asked before anyone was signed in
    expect(await session.token()).toBe('shared');
  });

  it('serialises refreshes and sign-out through the cross-tab lock', async () => {
    const client = fakeClient();
    const locked: string[] = [];
    const serialise: Serialise = async (task) => {
      locked.push('lock');
      return task();
    };
    const session = createSessionManager({ client, serialise });
    await session.restore();
    await session.signOut();
    expect(locked).toEqual(['lock', 'lock']);
  });

  it('tells its listeners when the session ends because the server refused the refresh', async () => {
    const client = fakeClient();
    const session = createSessionManager({ client });
    const seen: (AuthUser | null)[] = [];
    session.subscribe((current) => seen.push(current));
    await session.signIn({ email: user.email, password: 'secret' });

    client.refreshSession.mockRejectedValueOnce(new ApiError(401, 'Your session has ended.', 'auth/session-expired'));
    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(seen).toEqual([user, null]);
    expect(session.user()).toBeNull();
    expect(await session.token()).toBeNull();
  });

  it('tries again 30 seconds later when a refresh gets no answer, keeping the still valid token', async () => {
    const client = fakeClient();
    const session = createSessionManager({ client });
    await session.signIn({ email: user.email, password: 'secret' });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    client.refreshSession.mockRejectedValueOnce(new ApiError(0, 'Error', 'auth/network-request-failed'));
    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(await session.token()).toBe('signed-in');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(client.refreshSession).toHaveBeenCalledTimes(2);
    expect(await session.token()).toBe('refreshed-1');
  });
});

describe('authenticated calls', () => {
  afterEach(() => setAccessTokenSource(noAccessTokens));

  it('fail with "User is not authenticated" when nobody is signed in, without calling the server', async () => {
    const fetchMock = mockApi({});
    await expect(api('profile', { params: { uid: user.uid } })).rejects.toMatchObject({ status: 401, message: 'User is not authenticated' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('carry the Bearer token, and renew it once when the server says it expired', async () => {
    const profile = { uid: user.uid, profilePhoto: null, displayName: null, firstName: null, lastName: null, nickname: null, country: null, favourites: { favDriver: null, favTeam: null } };
    let calls = 0;
    const fetchMock = mockApi({
      [`/api/profile/${user.uid}`]: () => (++calls === 1 ? json({ code: 'auth/token-expired', message: 'expired' }, 401) : json({ data: profile })),
    });
    setAccessTokenSource({ token: async () => 'old', renew: async () => 'new' });
    await expect(api('profile', { params: { uid: user.uid } })).resolves.toEqual({ data: profile });
    const sent = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('authorization'));
    expect(sent).toEqual(['Bearer old', 'Bearer new']);
  });

  it('sign this tab out when the session was ended elsewhere (a password reset revoked it)', async () => {
    const client = fakeClient();
    const session = createSessionManager({ client });
    setAccessTokenSource(session);
    await session.signIn({ email: user.email, password: 'secret' });
    const heard: (AuthUser | null)[] = [];
    session.subscribe((now) => heard.push(now));
    client.refreshSession.mockRejectedValue(new ApiError(401, 'User is not authenticated', 'auth/unauthenticated'));
    mockApi({ '/api/check-admin': () => json({ code: 'auth/invalid-token', message: 'Invalid or expired token' }, 401) });

    await expect(api('checkAdmin')).rejects.toMatchObject({ status: 401 });
    expect(client.refreshSession).toHaveBeenCalledOnce();
    expect(session.user()).toBeNull();
    expect(heard).toEqual([null]);
  });
});
