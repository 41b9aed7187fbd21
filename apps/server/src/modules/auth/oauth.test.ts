import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { OAuth2Issuer, OAuth2Server, OAuth2Service } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@slipstream/contract';
import { oauthAccounts, users } from '../../db/schema';
import { APP_HEADERS, cookieFrom, fromNewClient, latestOutboxCode, signUpAndSignIn, TEST_PASSWORD } from '../../test/accounts';
import { buildTestApp, type TestApp } from '../../test/app';

/**
 * Google and GitHub sign-in against oauth2-mock-server, a real local OAuth 2 / OpenID Connect provider:
 * one instance stands in for Google (OIDC discovery, ID token), another for GitHub (no ID token, the
 * user from /user and the verified addresses from /user/emails).
 */

const PUBLIC_URL = 'http://slipstream.test';
/** The browser reaches the site at PUBLIC_URL. */
const AT_PUBLIC_URL = { host: 'slipstream.test' };

type GoogleIdentity = { sub: string; email?: string; email_verified?: boolean; name?: string; picture?: string };
type GitHubIdentity = { user: { id: number; login: string; name: string | null; avatar_url: string }; emails: { email: string; primary: boolean; verified: boolean }[] };

async function startGoogle(identity: () => GoogleIdentity) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, identity()));
  await server.start(0, '127.0.0.1');
  return { issuerUrl: server.issuer.url!, stop: () => server.stop() };
}

async function startGitHub(identity: () => GitHubIdentity) {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer, { userinfo: '/user' });
  service.on('beforeUserinfo', (response) => {
    response.body = identity().user;
  });
  // GitHub issues no ID token.
  service.on('beforeResponse', (response) => {
    delete (response.body as Record<string, unknown>).id_token;
  });
  const server = http.createServer((request, response) => {
    if (request.url !== '/user/emails') return service.requestHandler(request, response);
    const authorized = request.headers.authorization?.startsWith('Bearer ');
    response.writeHead(authorized ? 200 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(authorized ? identity().emails : { message: 'Requires authentication' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer.url = base;
  return {
    urls: { authorizeUrl: `${base}/authorize`, tokenUrl: `${base}/token`, userinfoUrl: `${base}/user` },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('accounts: Google and GitHub sign-in', () => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startGoogle>>;
  let github: Awaited<ReturnType<typeof startGitHub>>;
  let googleIdentity: GoogleIdentity;
  let githubIdentity: GitHubIdentity;

  beforeAll(async () => {
    google = await startGoogle(() => googleIdentity);
    github = await startGitHub(() => githubIdentity);
    t = await buildTestApp({
      config: {
        publicUrl: PUBLIC_URL,
        google: { clientId: 'google-client', clientSecret: 'google-secret', issuerUrl: google.issuerUrl },
        github: { clientId: 'github-client', clientSecret: 'github-secret', ...github.urls },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
    await github.stop();
  });
  beforeEach(() => {
    googleIdentity = { sub: 'google-1', email: 'charles@example.com', email_verified: true, name: 'Charles L', picture: 'https://images.example/charles.png' };
    githubIdentity = {
      user: { id: 1001, login: 'kimi', name: 'Kimi A', avatar_url: 'https://avatars.example/kimi.png' },
      emails: [{ email: 'kimi@example.com', primary: true, verified: true }],
    };
  });

  /** Follows the browser's path: start → provider's authorize page → our callback. */
  async function signInWith(provider: 'google' | 'github', options: { flowCookie?: (cookie: string) => string | undefined } = {}) {
    const start = await t.app.inject({ url: `/api/auth/oauth/${provider}`, headers: AT_PUBLIC_URL });
    expect(start.statusCode).toBe(302);
    const authorizeUrl = new URL(start.headers.location as string);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/oauth/${provider}/callback`);
    const flowCookie = cookieFrom(start, 'slipstream_oauth')!;
    const authorized = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(authorized.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe(`${PUBLIC_URL}/api/auth/oauth/${provider}/callback`);
    const cookie = options.flowCookie ? options.flowCookie(flowCookie) : flowCookie;
    return t.app.inject({ url: callback.pathname + callback.search, headers: cookie ? { cookie } : {} });
  }

  async function sessionAfter(callback: Awaited<ReturnType<typeof signInWith>>) {
    const refreshCookie = cookieFrom(callback, 'slipstream_refresh');
    expect(refreshCookie).toBeDefined();
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { ...APP_HEADERS, cookie: refreshCookie! } });
    expect(refreshed.statusCode).toBe(200);
    return refreshed.json<SessionResponse>();
  }

  it('lists the configured providers for the sign-in buttons', async () => {
    const response = await t.app.inject('/api/auth/providers');
    // Lets the page that opens the sign-in popup keep its handle on it.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.json()).toEqual({
      providers: [
        { id: 'google', name: 'Google', signInUrl: '/api/auth/oauth/google' },
        { id: 'github', name: 'GitHub', signInUrl: '/api/auth/oauth/github' },
      ],
    });
  });

  it('creates an account for a first-time Google user, sends them to /update-profile, then to / next time', async () => {
    const first = await signInWith('google');
    expect(first.statusCode).toBe(302);
    // Nothing in the popup's round trip may cut it off from the page that opened it.
    expect(first.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(first.headers.location).toBe('/auth-action?mode=oauth&next=%2Fupdate-profile');
    expect(first.cookies.find(({ name }) => name === 'slipstream_oauth')?.value).toBe('');
    const session = await sessionAfter(first);
    expect(session.user).toMatchObject({
      email: 'charles@example.com',
      emailVerified: true,
      displayName: 'Charles L',
      photoURL: 'https://images.example/charles.png',
      providers: ['google'],
    });

    const second = await signInWith('google');
    expect(second.headers.location).toBe('/auth-action?mode=oauth&next=%2F');
    expect((await sessionAfter(second)).user.uid).toBe(session.user.uid);

    const password = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: fromNewClient(), payload: { email: 'charles@example.com', password: TEST_PASSWORD } });
    expect(password.statusCode).toBe(401);
    expect(password.json()).toMatchObject({ code: 'auth/no-password' });
  });

  it('creates an account for a first-time GitHub user from the verified address of /user/emails', async () => {
    githubIdentity.emails = [
      { email: 'old@example.com', primary: false, verified: false },
      { email: 'Kimi@Example.com', primary: true, verified: true },
    ];
    const callback = await signInWith('github');
    expect(callback.headers.location).toBe('/auth-action?mode=oauth&next=%2Fupdate-profile');
    const session = await sessionAfter(callback);
    expect(session.user).toMatchObject({ email: 'kimi@example.com', displayName: 'Kimi A', photoURL: 'https://avatars.example/kimi.png', providers: ['github'] });
    const [link] = await t.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, session.user.uid));
    expect(link).toMatchObject({ provider: 'github', subject: '1001' });
  });

  it('links a provider to an existing account with the same verified address', async () => {
    const existing = await signUpAndSignIn(t.app, t.database, 'fernando@example.com');
    githubIdentity = { user: { id: 14, login: 'alonso', name: 'Fernando', avatar_url: 'https://avatars.example/14.png' }, emails: [{ email: 'fernando@example.com', primary: true, verified: true }] };
    const callback = await signInWith('github');
    expect(callback.headers.location).toBe('/auth-action?mode=oauth&next=%2F');
    const session = await sessionAfter(callback);
    expect(session.user).toMatchObject({ uid: existing.uid, providers: ['password', 'github'] });
  });

  it('refuses to link by an address the provider has not verified', async () => {
    const existing = await signUpAndSignIn(t.app, t.database, 'nico@example.com');
    googleIdentity = { sub: 'google-nico', email: 'nico@example.com', email_verified: false };
    const callback = await signInWith('google');
    expect(callback.headers.location).toBe('/auth-action?mode=oauth&error=auth%2Funverified-provider-email');
    expect(cookieFrom(callback, 'slipstream_refresh')).toBeUndefined();
    expect(await t.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, existing.uid))).toEqual([]);
  });

  it('takes over an unconfirmed sign-up when the provider proves the address, dropping its unproven password', async () => {
    const email = 'squatted@example.com';
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', headers: fromNewClient(), payload: { email, password: TEST_PASSWORD } });
    const pendingCode = await latestOutboxCode(t.database, email);
    googleIdentity = { sub: 'google-owner', email, email_verified: true, name: 'Real Owner' };
    const session = await sessionAfter(await signInWith('google'));
    expect(session.user).toMatchObject({ email, emailVerified: true, providers: ['google'] });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toBeNull();
    const confirm = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { oobCode: pendingCode } });
    expect(confirm.json()).toMatchObject({ code: 'auth/invalid-action-code' });
  });

  it('sends the browser back to the login page with a stable code when the flow goes wrong', async () => {
    const withoutCookie = await signInWith('google', { flowCookie: () => undefined });
    expect(withoutCookie.headers.location).toBe('/auth-action?mode=oauth&error=auth%2Finvalid-oauth-state');

    const otherFlow = cookieFrom(await t.app.inject({ url: '/api/auth/oauth/google', headers: AT_PUBLIC_URL }), 'slipstream_oauth');
    const mixedUp = await signInWith('google', { flowCookie: () => otherFlow });
    expect(mixedUp.headers.location).toBe('/auth-action?mode=oauth&error=auth%2Finvalid-oauth-state');

    const forged = await signInWith('github', { flowCookie: (cookie) => `${cookie.slice(0, -6)}AAAAAA` });
    expect(forged.headers.location).toBe('/auth-action?mode=oauth&error=auth%2Finvalid-oauth-state');

    const cancelled = await t.app.inject('/api/auth/oauth/google/callback?error=access_denied&state=x');
    expect(cancelled.headers.location).toBe('/auth-action?mode=oauth&error=auth%2Fpopup-closed-by-user');
  });

  it('refuses to start a sign-in on a host the provider would not send the browser back to', async () => {
    for (const host of ['127.0.0.1:3000', 'evil.example', 'slipstream.test.evil.example']) {
      const start = await t.app.inject({ url: '/api/auth/oauth/google', headers: { host } });
      expect(start.headers.location).toBe('/auth-action?mode=oauth&error=auth%2Funauthorized-domain');
      expect(cookieFrom(start, 'slipstream_oauth')).toBeUndefined();
    }
    // Behind a proxy the forwarded host counts; the port does not (cookies ignore it).
    const proxied = await t.app.inject({ url: '/api/auth/oauth/github', headers: { host: '10.0.0.5:3000', 'x-forwarded-host': 'slipstream.test:8443' } });
    expect(new URL(proxied.headers.location as string).pathname).toBe('/authorize');
  });

  it('serves the page where sign-ins end without opener isolation, and every other page with it', async () => {
    const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-web-'));
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Slipstream</title>');
    const site = await buildTestApp({ database: t.database, config: { webDistDir } });
    try {
      const landing = await site.app.inject('/auth-action?mode=oauth&next=%2F');
      expect(landing.statusCode).toBe(200);
      expect(landing.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      for (const url of ['/', '/login', '/auth-action-not', '/update-profile?next=/auth-action']) {
        expect((await site.app.inject(url)).headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      }
      const start = await site.app.inject({ url: '/api/auth/oauth/google', headers: AT_PUBLIC_URL });
      expect(start.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    } finally {
      await site.close();
      fs.rmSync(webDistDir, { recursive: true, force: true });
    }
  });

  it('hides unconfigured providers and reports an unreachable one', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const other = await buildTestApp({
      database: t.database,
      config: { publicUrl: PUBLIC_URL, google: { clientId: 'id', clientSecret: 'secret', issuerUrl: deadUrl }, github: undefined },
    });
    try {
      expect((await other.app.inject('/api/auth/providers')).json()).toEqual({
        providers: [{ id: 'google', name: 'Google', signInUrl: '/api/auth/oauth/google' }],
      });
      const unreachable = await other.app.inject({ url: '/api/auth/oauth/google', headers: AT_PUBLIC_URL });
      expect(unreachable.headers.location).toBe('/auth-action?mode=oauth&error=auth%2Fnetwork-request-failed');
      const unconfigured = await other.app.inject({ url: '/api/auth/oauth/github', headers: AT_PUBLIC_URL });
      expect(unconfigured.headers.location).toBe('/auth-action?mode=oauth&error=auth%2Fprovider-not-configured');
    } finally {
      await other.close();
    }
  });
});
