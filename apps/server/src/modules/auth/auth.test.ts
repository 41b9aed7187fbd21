import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PasswordPolicy, SessionResponse } from '@slipstream/contract';
import { actionCodes, sessions, users } from '../../db/schema';
import { APP_HEADERS, cookieFrom, fromNewClient, TEST_PASSWORD } from '../../test/accounts';
import { buildTestApp, type TestApp } from '../../test/app';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp';
import type { OutgoingMail } from '../mail/mailer';
import { grantAdmin } from './service';
import { secretHash } from './secrets';

const PUBLIC_URL = 'http://slipstream.test';
const SESSION_SECRET = 'a-test-session-secret-of-more-than-32-characters';

describe('accounts: email and password', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await buildTestApp({ config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, sessionSecret: SESSION_SECRET } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...fromNewClient(), ...headers } });
  const refresh = (cookie: string) => post('/api/auth/refresh', undefined, { ...APP_HEADERS, cookie });
  const me = (accessToken: string) => t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });

  async function signUpAndConfirm(email: string) {
    expect((await post('/api/auth/sign-up', { email, password: TEST_PASSWORD })).statusCode).toBe(201);
    const mail = await smtp.nextMail(email);
    expect((await post('/api/auth/verify-email', { oobCode: mail.action?.oobCode })).statusCode).toBe(200);
  }

  async function signIn(email: string, password = TEST_PASSWORD) {
    const response = await post('/api/auth/sign-in', { email, password });
    expect(response.statusCode).toBe(200);
    return { session: response.json<SessionResponse>(), cookie: cookieFrom(response, 'slipstream_refresh')! };
  }

  it('serves the password policy the form checks as the user types', async () => {
    const response = await t.app.inject('/api/auth/password-policy');
    expect(response.statusCode).toBe(200);
    const policy = response.json<PasswordPolicy>();
    expect(policy).toMatchObject({ minLength: 8, maxLength: 128 });
    expect(policy.commonPasswords).toContain('password');
    expect(policy.commonPasswords).toContain('12345678');
    expect(policy.commonPasswords).toHaveLength(10_000);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(policy.commonPasswordsSource).toMatch(/10,000 most common passwords/);
  });

  it('signs up, mails a confirmation link, confirms, signs in, rotates, detects reuse and signs out', async () => {
    const email = 'lando@example.com';
    const signUp = await post('/api/auth/sign-up', { email: ' Lando@Example.com ', password: TEST_PASSWORD, displayName: 'Lando fan' });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json()).toEqual({ email, message: expect.stringContaining('confirmation link') });

    const mail = await smtp.nextMail(email);
    expect(mail.raw).toContain('Subject: Confirm your Slipstream account');
    expect(mail.action?.url.startsWith(`${PUBLIC_URL}/auth-action?mode=verifyEmail&oobCode=`)).toBe(true);

    const unconfirmed = await post('/api/auth/sign-in', { email, password: TEST_PASSWORD });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toEqual({ code: 'auth/email-not-verified', message: expect.stringContaining('Confirm your email address') });

    const confirmed = await post('/api/auth/verify-email', { oobCode: mail.action?.oobCode });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email });
    expect((await post('/api/auth/verify-email', { oobCode: mail.action?.oobCode })).json()).toMatchObject({ code: 'auth/invalid-action-code' });

    const signedIn = await post('/api/auth/sign-in', { email, password: TEST_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json<SessionResponse>();
    expect(session).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600, user: { email, emailVerified: true, role: 'user', providers: ['password'], displayName: 'Lando fan' } });
    // Real time, not the pinned racing clock (2025-07-05).
    expect(Math.abs(Date.parse(session.expiresAt) - (Date.now() + 3600_000))).toBeLessThan(60_000);
    const cookie = signedIn.cookies.find(({ name }) => name === 'slipstream_refresh');
    expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.secure).toBeFalsy();
    // Pages learn from this one, which holds nothing secret, whether there may be a session to restore.
    expect(signedIn.cookies.find(({ name }) => name === 'slipstream_session')).toMatchObject({ value: '1', path: '/', httpOnly: true, sameSite: 'Lax' });
    const firstCookie = cookieFrom(signedIn, 'slipstream_refresh')!;

    expect((await me(session.accessToken)).json()).toMatchObject({ uid: session.user.uid, email });

    const rotated = await refresh(firstCookie);
    expect(rotated.statusCode).toBe(200);
    const secondCookie = cookieFrom(rotated, 'slipstream_refresh')!;
    expect(secondCookie).not.toBe(firstCookie);
    const rotatedAgain = await refresh(secondCookie);
    expect(rotatedAgain.statusCode).toBe(200);
    const thirdCookie = cookieFrom(rotatedAgain, 'slipstream_refresh')!;
    const latestAccess = rotatedAgain.json<SessionResponse>().accessToken;
    expect((await me(latestAccess)).statusCode).toBe(200);

    // Someone replays the first token: the whole family is revoked, the latest token and its access token too.
    const replay = await refresh(firstCookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'auth/session-expired' });
    expect((await refresh(thirdCookie)).statusCode).toBe(401);
    expect((await me(latestAccess)).json()).toMatchObject({ code: 'auth/invalid-token' });
    const [family] = await t.database.db.select().from(sessions).where(eq(sessions.userId, session.user.uid));
    expect(family?.revokedReason).toBe('refresh token reused');

    const again = await signIn(email);
    const signedOut = await post('/api/auth/sign-out', undefined, { ...APP_HEADERS, cookie: again.cookie });
    expect(signedOut.statusCode).toBe(204);
    expect(signedOut.cookies.find(({ name }) => name === 'slipstream_refresh')?.value).toBe('');
    expect(signedOut.cookies.find(({ name }) => name === 'slipstream_session')).toMatchObject({ value: '', path: '/' });
    expect((await refresh(again.cookie)).statusCode).toBe(401);
    expect((await me(again.session.accessToken)).statusCode).toBe(401);
  });

  it('refuses the cookie endpoints without the X-Requested-With header (CSRF)', async () => {
    const email = 'csrf@example.com';
    await signUpAndConfirm(email);
    const { cookie } = await signIn(email);
    for (const url of ['/api/auth/refresh', '/api/auth/sign-out']) {
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'auth/missing-csrf-header' });
    }
    expect((await refresh(cookie)).statusCode).toBe(200);
  });

  it('refuses a second account for the same address, a password that is the address, an unknown address and a wrong password', async () => {
    const email = 'oscar@example.com';
    await signUpAndConfirm(email);
    const ownAddress = await post('/api/auth/sign-up', { email: 'address-as-password@example.com', password: 'Address-As-Password@example.com' });
    expect(ownAddress.statusCode).toBe(400);
    expect(ownAddress.json()).toEqual({ message: 'Invalid password: must meet the rule "Not your email address"' });
    expect((await post('/api/auth/sign-up', { email: 'OSCAR@example.com', password: TEST_PASSWORD })).json()).toEqual({
      code: 'auth/email-already-in-use',
      message: expect.stringContaining('already uses this email'),
    });
    const unknown = await post('/api/auth/sign-in', { email: 'nobody@example.com', password: TEST_PASSWORD });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'auth/user-not-found' });
    const wrong = await post('/api/auth/sign-in', { email, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'auth/wrong-password', message: expect.stringContaining('Wrong password') });
  });

  it('resends the confirmation: the new link works, the older one no longer does', async () => {
    const email = 'resend@example.com';
    await post('/api/auth/sign-up', { email, password: TEST_PASSWORD });
    const first = await smtp.nextMail(email);
    const resent = await post('/api/auth/verify-email/resend', { email });
    expect(resent.statusCode).toBe(202);
    const second = await smtp.nextMail(email);
    expect(second.action?.oobCode).not.toBe(first.action?.oobCode);
    expect((await post('/api/auth/verify-email', { oobCode: first.action?.oobCode })).json()).toMatchObject({ code: 'auth/invalid-action-code' });
    expect((await post('/api/auth/verify-email', { oobCode: second.action?.oobCode })).statusCode).toBe(200);
    // The same answer for an address without an account.
    const unknown = await post('/api/auth/verify-email/resend', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json().message).toBe(resent.json().message.replace(email, 'ghost@example.com'));
  });

  it('resets a password once with the mailed code, and signs the account out everywhere', async () => {
    const email = 'george@example.com';
    await signUpAndConfirm(email);
    const before = await signIn(email);

    const requested = await post('/api/auth/password-reset', { email });
    expect(requested.statusCode).toBe(202);
    const unknown = await post('/api/auth/password-reset', { email: 'no-account@example.com' });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json().message).toBe(requested.json().message.replace(email, 'no-account@example.com'));

    const mail = await smtp.nextMail(email);
    expect(mail.raw).toContain('Subject: Reset your Slipstream password');
    expect(mail.action?.url.startsWith(`${PUBLIC_URL}/auth-action?mode=resetPassword&oobCode=`)).toBe(true);
    const oobCode = mail.action!.oobCode;

    expect((await post('/api/auth/password-reset/check', { oobCode })).json()).toMatchObject({ email });
    const common = await post('/api/auth/password-reset/confirm', { oobCode, newPassword: 'qwertyuiop' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/^Invalid newPassword: .*most common passwords/);
    const ownAddress = await post('/api/auth/password-reset/confirm', { oobCode, newPassword: email.toUpperCase() });
    expect(ownAddress.statusCode).toBe(400);
    expect(ownAddress.json()).toEqual({ message: 'Invalid newPassword: must meet the rule "Not your email address"' });

    const newPassword = 'a brand new password for george';
    expect((await post('/api/auth/password-reset/confirm', { oobCode, newPassword })).statusCode).toBe(200);
    expect((await post('/api/auth/password-reset/confirm', { oobCode, newPassword: 'yet another new password' })).json()).toMatchObject({
      code: 'auth/invalid-action-code',
    });

    expect((await post('/api/auth/sign-in', { email, password: TEST_PASSWORD })).statusCode).toBe(401);
    await signIn(email, newPassword);
    expect((await refresh(before.cookie)).statusCode).toBe(401);
    expect((await me(before.session.accessToken)).statusCode).toBe(401);
  });

  it('answers a reset or confirmation request for an address without an account after the same work as for one', async () => {
    const confirmed = 'timing-confirmed@example.com';
    await signUpAndConfirm(confirmed);
    const unconfirmed = 'timing-unconfirmed@example.com';
    await post('/api/auth/sign-up', { email: unconfirmed, password: TEST_PASSWORD });
    await smtp.nextMail(unconfirmed);
    const codesOf = async (email: string) =>
      (await t.database.db.select({ code: actionCodes.codeHash }).from(actionCodes).innerJoin(users, eq(users.id, actionCodes.userId)).where(eq(users.email, email))).length;
    const codesBefore = [await codesOf(confirmed), await codesOf(unconfirmed)];

    const deferred: (() => Promise<OutgoingMail | undefined>)[] = [];
    const deferring = vi.spyOn(t.app.mailer, 'sendInBackground').mockImplementation((compose) => void deferred.push(compose));
    try {
      for (const [url, email] of [
        ['/api/auth/password-reset', confirmed],
        ['/api/auth/password-reset', 'nobody-at-all@example.com'],
        ['/api/auth/verify-email/resend', unconfirmed],
        ['/api/auth/verify-email/resend', 'nobody-either@example.com'],
      ] as const) {
        expect((await post(url, { email })).statusCode).toBe(202);
      }
    } finally {
      deferring.mockRestore();
    }
    // Each answer came after the throttle alone: the account was not even looked up, no code was issued yet.
    expect(deferred).toHaveLength(4);
    expect([await codesOf(confirmed), await codesOf(unconfirmed)]).toEqual(codesBefore);
    const mails = await Promise.all(deferred.map((compose) => compose()));
    expect(mails.map((mail) => mail?.subject)).toEqual(['Reset your Slipstream password', undefined, 'Confirm your Slipstream account', undefined]);
    expect([await codesOf(confirmed), await codesOf(unconfirmed)]).toEqual(codesBefore.map((count) => count + 1));
  });

  it('refuses a reset code past its hour', async () => {
    const email = 'expired@example.com';
    await signUpAndConfirm(email);
    await post('/api/auth/password-reset', { email });
    const oobCode = (await smtp.nextMail(email)).action!.oobCode;
    const [code] = await t.database.db.select().from(actionCodes).where(eq(actionCodes.codeHash, secretHash(oobCode)));
    expect(code!.expiresAt.getTime() - code!.createdAt.getTime()).toBeCloseTo(60 * 60 * 1000, -3);

    await t.database.db.update(actionCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(actionCodes.codeHash, secretHash(oobCode)));
    for (const url of ['/api/auth/password-reset/check', '/api/auth/password-reset/confirm']) {
      const response = await post(url, { oobCode, newPassword: 'a fine new password' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'auth/expired-action-code', message: expect.stringContaining('expired') });
    }
  });

  it('slows down repeated failed sign-ins per account and per address', async () => {
    const email = 'max@example.com';
    await signUpAndConfirm(email);
    const client = fromNewClient();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await post('/api/auth/sign-in', { email, password: `wrong ${attempt}` }, client)).statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/sign-in', { email, password: TEST_PASSWORD }, fromNewClient());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'auth/too-many-requests', message: expect.stringMatching(/Try again in \d+ seconds?/) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Twenty failures from one address, each on a different account, block that address for any account.
    const address = fromNewClient();
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      await post('/api/auth/sign-in', { email: `guess${attempt}@example.com`, password: 'guess' }, address);
    }
    expect((await post('/api/auth/sign-in', { email: 'guess21@example.com', password: 'guess' }, address)).statusCode).toBe(429);
    expect((await post('/api/auth/sign-in', { email: 'guess21@example.com', password: 'guess' })).statusCode).toBe(401);
  });

  it('checks only the free number of passwords when guesses arrive all at once', async () => {
    const email = 'parallel@example.com';
    await signUpAndConfirm(email);
    const address = fromNewClient();
    const guesses = Array.from({ length: 60 }, (_, index) => (index === 59 ? TEST_PASSWORD : `guess ${index}`));
    const answers = await Promise.all(guesses.map((password) => post('/api/auth/sign-in', { email, password }, address)));
    const statuses = answers.map((answer) => answer.statusCode);
    // Five per account: five passwords checked (all wrong), every other guess refused before its check.
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(55);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits reset and confirmation mails per address', async () => {
    const email = 'limit@example.com';
    const statuses = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) statuses.push((await post('/api/auth/password-reset', { email })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it('answers bad input on every endpoint with 400 and a message naming the parameter', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/api/auth/sign-up', {}, /^Invalid email: /],
      ['/api/auth/sign-up', { email: 'not-an-address', password: TEST_PASSWORD }, /^Invalid email: an email address/],
      ['/api/auth/sign-up', { email: 'short@example.com', password: 'short' }, /^Invalid password: must meet the rule "At least 8 characters"/],
      ['/api/auth/sign-up', { email: 'long@example.com', password: 'x'.repeat(129) }, /^Invalid password: .*At most 128 characters/],
      ['/api/auth/sign-up', { email: 'common@example.com', password: 'Password' }, /^Invalid password: .*most common passwords/],
      ['/api/auth/sign-up', { email: 'name@example.com', password: TEST_PASSWORD, displayName: 'Al' }, /^Invalid displayName: at least 3/],
      ['/api/auth/sign-in', { email: 'a@example.com' }, /^Invalid password: /],
      ['/api/auth/sign-in', ['an', 'array'], /^Invalid request: /],
      ['/api/auth/verify-email', { oobCode: 'short' }, /^Invalid oobCode: the code from the link/],
      ['/api/auth/verify-email/resend', { email: 42 }, /^Invalid email: /],
      ['/api/auth/password-reset', undefined, /^Invalid request: /],
      ['/api/auth/password-reset/check', { oobCode: '!'.repeat(30) }, /^Invalid oobCode: /],
      ['/api/auth/password-reset/confirm', { oobCode: 'a'.repeat(43) }, /^Invalid newPassword: /],
    ];
    for (const [url, payload, message] of cases) {
      const response = await post(url, payload as object);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json().message).toMatch(message);
    }
    const malformed = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/JSON/);
    const unknownProvider = await t.app.inject('/api/auth/oauth/twitter');
    expect(unknownProvider.statusCode).toBe(400);
    expect(unknownProvider.json().message).toMatch(/^Invalid provider: /);
    expect((await post('/api/auth/verify-email', { oobCode: 'a'.repeat(43) })).json()).toMatchObject({ code: 'auth/invalid-action-code' });
  });

  it('refuses a missing, tampered or expired access token with 401', async () => {
    const missing = await t.app.inject('/api/auth/me');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ code: 'auth/unauthenticated', message: 'User is not authenticated' });

    const email = 'expiring@example.com';
    await signUpAndConfirm(email);
    const { session } = await signIn(email);
    const tampered = `${session.accessToken.slice(0, -4)}AAAA`;
    expect((await me(tampered)).json()).toMatchObject({ code: 'auth/invalid-token' });

    const [row] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, session.user.uid));
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ sid: row!.id, role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user.uid)
      .setIssuer('slipstream')
      .setAudience('slipstream-api')
      .setIssuedAt(anHourAgo - 3600)
      .setExpirationTime(anHourAgo)
      .sign(new TextEncoder().encode(SESSION_SECRET));
    const response = await me(expired);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'auth/token-expired' });
  });

  it('answers check-admin with 200 for an admin, 403 for a user and 401 without a valid token', async () => {
    const email = 'checker@example.com';
    await signUpAndConfirm(email);
    const { session } = await signIn(email);
    const checkAdmin = (authorization?: string) => t.app.inject({ url: '/api/check-admin', headers: authorization ? { authorization } : {} });

    const asUser = await checkAdmin(`Bearer ${session.accessToken}`);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ code: 'auth/not-admin', message: 'You are not the admin' });
    expect((await checkAdmin()).json()).toEqual({ code: 'auth/unauthenticated', message: 'User is not authenticated' });
    expect((await checkAdmin('Bearer not.a.token')).statusCode).toBe(401);

    expect(await grantAdmin(t.database.db, email)).toBe('granted');
    const asAdmin = await checkAdmin(`Bearer ${session.accessToken}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual({ isAdmin: true });
    const [user] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, email));
    expect(user?.role).toBe('admin');
  });
});

describe('accounts: a failing mail server', () => {
  it('undoes a sign-up whose confirmation mail cannot be sent, so signing up again works', async () => {
    const smtp = await startTestSmtpServer();
    const deadUrl = smtp.url;
    await smtp.close();
    const t = await buildTestApp({ config: { smtpUrl: deadUrl } });
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email: 'later@example.com', password: TEST_PASSWORD } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'auth/mail-failed' });
      expect(await t.database.db.select().from(users).where(eq(users.email, 'later@example.com'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('accounts in production', () => {
  it('marks the refresh cookie Secure', async () => {
    const t = await buildTestApp({ config: { env: 'production' } });
    try {
      const email = 'secure@example.com';
      const headers = fromNewClient();
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', headers, payload: { email, password: TEST_PASSWORD } });
      await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers, payload: { email, password: TEST_PASSWORD } });
      expect(response.cookies.find(({ name }) => name === 'slipstream_refresh')).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await t.close();
    }
  });
});
