import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SessionResponse } from '@slipstream/contract';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

/** Helpers for tests that need signed-in users: the real API flows, with mail read from the dev outbox. */

export const TEST_PASSWORD = 'correct horse battery staple';
/** Marks a request as sent by the web app (the CSRF guard of cookie-authenticated endpoints). */
export const APP_HEADERS = { 'x-requested-with': 'fetch' };

let clients = 0;
/**
 * A header that makes a request come from a client address of its own (the app trusts X-Forwarded-For),
 * so the per-address rate limits of one test never catch another's requests (IPv6 documentation range, a /64
 * each: the limits count an IPv6 address by its /64).
 */
export function fromNewClient(): { 'x-forwarded-for': string } {
  clients += 1;
  return { 'x-forwarded-for': `2001:db8:${clients.toString(16)}::1` };
}

export type SignedInUser = { uid: string; email: string; accessToken: string; refreshCookie: string; auth: { authorization: string } };

/** The oobCode of the latest outbox mail to this address. */
export async function latestOutboxCode(database: Database, email: string): Promise<string> {
  const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(desc(mailOutbox.id)).limit(1);
  const code = mail?.link ? new URL(mail.link).searchParams.get('oobCode') : null;
  if (!code) throw new Error(`No action link mailed to ${email}`);
  return code;
}

/** The value of a Set-Cookie for this name, ready for a Cookie header ("name=value"), or undefined. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string | undefined {
  const cookie = response.cookies.find((entry) => entry.name === name);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

/** Signs up, confirms through the outbox mail, and signs in (app built without SMTP_URL). */
export async function signUpAndSignIn(app: FastifyInstance, database: Database, email: string): Promise<SignedInUser> {
  const headers = fromNewClient();
  const signUp = await app.inject({ method: 'POST', url: '/api/auth/sign-up', headers, payload: { email, password: TEST_PASSWORD } });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`);
  await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { oobCode: await latestOutboxCode(database, email) } });
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', headers, payload: { email, password: TEST_PASSWORD } });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const session = signIn.json<SessionResponse>();
  const refreshCookie = cookieFrom(signIn, 'slipstream_refresh');
  if (!refreshCookie) throw new Error('sign-in set no refresh cookie');
  return {
    uid: session.user.uid,
    email,
    accessToken: session.accessToken,
    refreshCookie,
    auth: { authorization: `Bearer ${session.accessToken}` },
  };
}
