import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { TEST_PASSWORD } from '../../test/accounts';
import { buildTestApp } from '../../test/app';

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
