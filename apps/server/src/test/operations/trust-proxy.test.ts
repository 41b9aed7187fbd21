import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../app';

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
