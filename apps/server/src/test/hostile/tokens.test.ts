import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@slipstream/contract';
import { sessions } from '../../db/schema';
import { grantAdmin } from '../../modules/auth/service';
import { signingKey } from '../../modules/auth/sessions';
import { APP_HEADERS, cookieFrom, signUpAndSignIn, type SignedInUser } from '../accounts';
import { buildTestApp, type TestApp } from '../app';

/**
 * Forged access tokens and cross-site use of the refresh cookie. (A tampered signature, an expired token and a
 * replayed refresh token revoking its family are in modules/auth/auth.test.ts.)
 */
const PUBLIC_URL = 'https://slipstream.example';

describe('forged tokens and cross-site requests', () => {
  let t: TestApp;
  let user: SignedInUser;
  let sessionId: string;

  beforeAll(async () => {
    t = await buildTestApp({ config: { publicUrl: PUBLIC_URL } });
    user = await signUpAndSignIn(t.app, t.database, 'forger@example.com');
    const [row] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.uid));
    sessionId = row!.id;
  });
  afterAll(() => t.close());

  /** The claims the server issues, for an admin: what a forger would want. */
  const adminClaims = () => ({ sid: sessionId, role: 'admin' });
  const asBearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const validFor = (token: SignJWT) =>
    token.setSubject(user.uid).setIssuer('slipstream').setAudience('slipstream-api').setIssuedAt().setExpirationTime('10m');

  it('refuses a token signed with another key, with alg none, or with a non-HMAC header', async () => {
    const otherKey = new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256!!');
    const wrongKey = await validFor(new SignJWT(adminClaims()).setProtectedHeader({ alg: 'HS256' })).sign(otherKey);
    const unsigned = new UnsecuredJWT(adminClaims()).setSubject(user.uid).setIssuer('slipstream').setAudience('slipstream-api').setIssuedAt().setExpirationTime('10m').encode();
    const [, payload] = user.accessToken.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const realPayloadNoSignature = `${noneHeader}.${payload}.`;
    const rs256Header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
    const algSwapped = `${rs256Header}.${user.accessToken.split('.').slice(1).join('.')}`;

    for (const token of [wrongKey, unsigned, realPayloadNoSignature, algSwapped, 'a.b.c', '....', 'x'.repeat(10_000)]) {
      for (const url of ['/api/auth/me', '/api/check-admin', `/api/profile/${user.uid}`]) {
        const response = await t.app.inject({ url, headers: asBearer(token) });
        expect(response.statusCode, `${url} with ${token.slice(0, 40)}`).toBe(401);
        expect(response.json()).toMatchObject({ code: 'auth/invalid-token', message: expect.any(String) });
      }
    }
    // The genuine token still works: the refusals above were about the forgeries.
    expect((await t.app.inject({ url: '/api/auth/me', headers: user.auth })).statusCode).toBe(200);
  });

  it('takes the role from the database, not from a role claim raised in a token signed with the right key', async () => {
    const raised = await validFor(new SignJWT(adminClaims()).setProtectedHeader({ alg: 'HS256' })).sign(signingKey(t.config.sessionSecret!));
    expect((await t.app.inject({ url: '/api/check-admin', headers: asBearer(raised) })).statusCode).toBe(403);
    await grantAdmin(t.database.db, user.email);
    expect((await t.app.inject({ url: '/api/check-admin', headers: user.auth })).statusCode).toBe(200);
  });

  it('refuses the refresh cookie sent from a foreign Origin, and accepts it from the site itself', async () => {
    const refresh = (cookie: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie, ...headers } });

    for (const origin of ['https://evil.example', 'null', 'https://slipstream.example.evil.example', 'http://slipstream.example']) {
      const foreign = await refresh(user.refreshCookie, { ...APP_HEADERS, origin });
      expect(foreign.statusCode, origin).toBe(403);
      expect(foreign.json()).toMatchObject({ code: 'auth/foreign-origin', message: expect.any(String) });
    }
    const noHeader = await refresh(user.refreshCookie, { origin: PUBLIC_URL });
    expect(noHeader.json()).toMatchObject({ code: 'auth/missing-csrf-header' });
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.refreshCookie, ...APP_HEADERS, origin: 'https://evil.example' } });
    expect(signOut.statusCode).toBe(403);

    // The refusals consumed nothing: the cookie still rotates from the public origin, then from the Host itself.
    const own = await refresh(user.refreshCookie, { ...APP_HEADERS, origin: PUBLIC_URL });
    expect(own.statusCode).toBe(200);
    const next = cookieFrom(own, 'slipstream_refresh')!;
    const sameHost = await refresh(next, { ...APP_HEADERS, host: 'localhost:3180', origin: 'http://localhost:3180' });
    expect(sameHost.statusCode).toBe(200);
    expect(sameHost.json<SessionResponse>().user.uid).toBe(user.uid);
  });
});
