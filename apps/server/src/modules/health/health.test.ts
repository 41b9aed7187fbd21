import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

describe('health routes', () => {
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
