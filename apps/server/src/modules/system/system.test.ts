import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('reports a healthy database', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
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
