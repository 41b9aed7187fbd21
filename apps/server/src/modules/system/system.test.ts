import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { TEST_PASSWORD } from '../../test/accounts';
import { buildTestApp, type TestApp } from '../../test/app';

describe('system routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: '2025-07-05T12:00:00Z' });
  });
  afterAll(() => t.close());

  it('reports the pinned racing clock', async () => {
    const response = await t.app.inject('/api/time');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ now: '2025-07-05T12:00:00.000Z', pinned: true });
  });

  it('reports a healthy database, and no Redis without REDIS_URL', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', redis: 'off' });
  });

  it('is ready while the database answers', async () => {
    const response = await t.app.inject('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ready: true, database: 'up', redis: 'off' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('sends security headers', async () => {
    const response = await t.app.inject('/api/time');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('test clock hook', () => {
  it('moves the racing clock only when test hooks are on', async () => {
    const t = await buildTestApp({ config: { testHooks: true } });
    try {
      const moved = await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: '2025-03-23T06:00:00Z' } });
      expect(moved.json()).toEqual({ now: '2025-03-23T06:00:00.000Z', pinned: true });
      expect((await t.app.inject('/api/time')).json().now).toBe('2025-03-23T06:00:00.000Z');
      const bad = await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: 'soon' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^Invalid now/);
    } finally {
      await t.close();
    }
  });

  it('does not exist without test hooks', async () => {
    const t = await buildTestApp();
    try {
      const response = await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: null } });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('test users hook', () => {
  const account = { email: 'hook-user@example.com', password: TEST_PASSWORD, displayName: 'Hook User' };

  it('creates a confirmed account that signs in at once, only when test hooks are on', async () => {
    const t = await buildTestApp({ config: { testHooks: true } });
    try {
      const created = await t.app.inject({ method: 'POST', url: '/api/test/users', payload: account });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({ uid: expect.any(String), email: account.email });
      const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: account.email, password: account.password } });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().user).toMatchObject({ uid: created.json().uid, emailVerified: true, displayName: 'Hook User' });

      const again = await t.app.inject({ method: 'POST', url: '/api/test/users', payload: account });
      expect(again.statusCode).toBe(409);
      const weak = await t.app.inject({ method: 'POST', url: '/api/test/users', payload: { ...account, email: 'b@example.com', password: 'short' } });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toMatch(/^Invalid password/);
    } finally {
      await t.close();
    }
  });

  it('does not exist without test hooks', async () => {
    const t = await buildTestApp();
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/test/users', payload: account });
      expect(response.statusCode).toBe(404);
      expect(await t.database.db.select().from(users)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  /** Two vote submissions from the same socket (inject's 127.0.0.1), claiming two different client addresses. */
  async function secondSubmission(trustProxy: false | string[]): Promise<number> {
    const t = await buildTestApp({ config: { trustProxy, voteRateLimit: 1 } });
    try {
      const submit = (address: string) =>
        t.app.inject({ method: 'POST', url: '/api/vote', headers: { 'x-requested-with': 'fetch', 'x-forwarded-for': address }, payload: {} });
      expect((await submit('192.0.2.1')).statusCode).toBe(400);
      return (await submit('192.0.2.2')).statusCode;
    } finally {
      await t.close();
    }
  }

  it('ignores X-Forwarded-For by default: a client cannot pick its address to dodge a limit', async () => {
    expect(await secondSubmission(false)).toBe(429);
  });

  it('believes X-Forwarded-For from a proxy it names', async () => {
    expect(await secondSubmission(['loopback'])).toBe(400);
  });
});
