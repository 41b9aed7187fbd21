import { PASSWORD_IS_EMAIL_MESSAGE, passwordIsEmailAddress } from '@slipstream/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type {
  ActionCodeInfo,
  MessageResponse,
  SessionResponse,
  SignInRequest,
  SignUpRequest,
  SignUpResponse,
} from '@slipstream/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { actionCodes, oauthAccounts, users } from '../../db/schema';
import { addressGroup } from '../../lib/client-address';
import { HttpError } from '../../lib/errors';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import { confirmationMail, passwordResetMail } from '../mail/messages';
import { ACTION_CODE_LIFETIME_MS, actionLink, consumeActionCode, issueActionCode, peekActionCode } from './action-codes';
import { displayNameColumns, displayNameFree, displayNameTaken } from './display-names';
import { accountError } from './errors';
import type { ProviderProfile } from './oauth';
import { hashPassword, passwordMatches } from './passwords';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken, revokeAllSessions, revokeSession, rotateRefreshToken, sessionOfRefreshToken, startSession } from './sessions';
import { throttlePolicies, type Throttle, type ThrottleKey } from './throttle';
import { findUserByEmail, findUserById, isUniqueViolation, toAuthUser, type UserRow } from './users';

export type AuthContext = { db: Db; config: Config; mailer: Mailer; throttle: Throttle; key: Uint8Array };

/** A signed-in session: the JSON answer, and the refresh token for the cookie. */
export type SignedIn = { session: SessionResponse; refreshToken: string };

const HOUR = 60 * 60 * 1000;

export async function signUp(context: AuthContext, input: SignUpRequest, ip: string): Promise<SignUpResponse> {
  const { db, mailer, throttle } = context;
  await throttle.take([
    { key: `sign-up:account:${input.email}`, policy: throttlePolicies.signUpAccount },
    { key: `sign-up:address:${ip}`, policy: throttlePolicies.signUpAddress },
  ]);
  if (await findUserByEmail(db, input.email)) throw accountError(409, 'auth/email-already-in-use');
  const passwordHash = await hashPassword(input.password);
  let user: UserRow;
  try {
    const [inserted] = await db.insert(users).values({ email: input.email, passwordHash, ...displayNameColumns(input.displayName ?? null) }).returning();
    if (!inserted) throw new Error('Inserting a user returned nothing');
    user = inserted;
  } catch (error) {
    throw displayNameTaken(error) ?? (isUniqueViolation(error) ? accountError(409, 'auth/email-already-in-use') : error);
  }
  try {
    await mailer.send(await confirmationMailFor(context, user));
  } catch {
    // Without the mail the account could never be confirmed: undo it, so signing up again works.
    await db.delete(users).where(eq(users.id, user.id));
    throw accountError(503, 'auth/mail-failed');
  }
  return { message: `Check your inbox: we sent a confirmation link to ${user.email}.`, email: user.email };
}

async function confirmationMailFor(context: AuthContext, user: UserRow): Promise<OutgoingMail> {
  const code = await issueActionCode(context.db, user.id, 'verifyEmail');
  const link = actionLink(context.config.publicUrl, 'verifyEmail', code);
  return confirmationMail(user.email, link, ACTION_CODE_LIFETIME_MS.verifyEmail / HOUR);
}

export async function signIn(context: AuthContext, input: SignInRequest, ip: string): Promise<SignedIn> {
  const { db, throttle } = context;
  const accountKey: ThrottleKey = { key: `sign-in:account:${input.email}`, policy: throttlePolicies.signInAccount };
  const addressKey: ThrottleKey = { key: `sign-in:address:${addressGroup(ip)}`, policy: throttlePolicies.signInAddress };
  // Counted before the password is checked: guesses sent in parallel are each counted before any is checked.
  await throttle.take([accountKey, addressKey]);
  const user = await userWithPassword(db, input);
  // The right password was no guess: it does not count against the account or the address.
  await throttle.reset(accountKey.key);
  await throttle.refund(addressKey.key);
  if (!user.emailVerifiedAt) throw accountError(403, 'auth/email-not-verified');
  const { sessionId, refreshToken } = await startSession(db, user.id);
  return { session: await sessionAnswer(context, user, sessionId), refreshToken };
}

/** The account the email and password prove; each way of failing has its own code. */
async function userWithPassword(db: Db, { email, password }: SignInRequest): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw accountError(401, 'auth/user-not-found');
  if (!user.passwordHash) throw accountError(401, 'auth/no-password');
  if (!(await passwordMatches(user.passwordHash, password))) throw accountError(401, 'auth/wrong-password');
  return user;
}

async function sessionAnswer(context: AuthContext, user: UserRow, sessionId: string): Promise<SessionResponse> {
  const { token, expiresAt } = await issueAccessToken(context.key, { userId: user.id, sessionId, role: user.role });
  return {
    accessToken: token,
    tokenType: 'Bearer',
    expiresAt: expiresAt.toISOString(),
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    user: await toAuthUser(context.db, user),
  };
}

export async function refreshSession(context: AuthContext, presented: string): Promise<SignedIn> {
  const rotation = await rotateRefreshToken(context.db, presented);
  if (!rotation.ok) throw accountError(401, 'auth/session-expired');
  const user = await findUserById(context.db, rotation.userId);
  if (!user) throw accountError(401, 'auth/session-expired');
  return { session: await sessionAnswer(context, user, rotation.sessionId), refreshToken: rotation.refreshToken };
}

export async function signOut(context: AuthContext, presented: string): Promise<void> {
  const sessionId = await sessionOfRefreshToken(context.db, presented);
  if (sessionId) await revokeSession(context.db, sessionId, 'signed out');
}

export async function verifyEmail(context: AuthContext, code: string): Promise<ActionCodeInfo> {
  const { db } = context;
  const user = await db.transaction(async (tx) => {
    const userId = await consumeActionCode(tx, code, 'verifyEmail');
    const [verified] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    return verified;
  });
  if (!user) throw accountError(400, 'auth/invalid-action-code');
  return { email: user.email, message: 'Your email address is confirmed. You can sign in now.' };
}

/**
 * Mail flows answer the same whether or not the address has an account, and as fast: the answer waits only for the
 * throttle, which counts the address alike either way; looking the account up, issuing its code and sending are
 * done after it (sendInBackground).
 */
function mailKeys(flow: string, email: string, ip: string): ThrottleKey[] {
  return [
    { key: `${flow}:account:${email}`, policy: throttlePolicies.mailAccount },
    { key: `${flow}:address:${ip}`, policy: throttlePolicies.mailAddress },
  ];
}

export async function resendConfirmation(context: AuthContext, email: string, ip: string): Promise<MessageResponse> {
  await context.throttle.take(mailKeys('resend-confirmation', email, ip));
  context.mailer.sendInBackground(async () => {
    const user = await findUserByEmail(context.db, email);
    return user && !user.emailVerifiedAt ? confirmationMailFor(context, user) : undefined;
  });
  return { message: `If ${email} belongs to an account that is not confirmed yet, a new confirmation link is on its way.` };
}

export async function requestPasswordReset(context: AuthContext, email: string, ip: string): Promise<MessageResponse> {
  const { db, config, mailer, throttle } = context;
  await throttle.take(mailKeys('password-reset', email, ip));
  mailer.sendInBackground(async () => {
    const user = await findUserByEmail(db, email);
    if (!user) return undefined;
    const code = await issueActionCode(db, user.id, 'resetPassword');
    return passwordResetMail(user.email, actionLink(config.publicUrl, 'resetPassword', code), ACTION_CODE_LIFETIME_MS.resetPassword / HOUR);
  });
  return { message: `If ${email} belongs to an account, a link to reset its password is on its way.` };
}

export async function checkPasswordResetCode(context: AuthContext, code: string): Promise<ActionCodeInfo> {
  const user = await findUserById(context.db, await peekActionCode(context.db, code, 'resetPassword'));
  if (!user) throw accountError(400, 'auth/invalid-action-code');
  return { email: user.email, message: `Choose a new password for ${user.email}.` };
}

/**
 * Sets the new password and signs the account out everywhere. The mailed link proves the address, so an
 * unconfirmed account becomes confirmed.
 */
export async function resetPassword(context: AuthContext, code: string, newPassword: string): Promise<MessageResponse> {
  const passwordHash = await hashPassword(newPassword);
  await context.db.transaction(async (tx) => {
    const userId = await consumeActionCode(tx, code, 'resetPassword');
    const [user] = await tx.select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
    // Refused inside the transaction, so the code stays unused for a better password.
    if (user && passwordIsEmailAddress(newPassword, user.email)) throw new HttpError(400, PASSWORD_IS_EMAIL_MESSAGE);
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user?.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId, 'password reset');
  });
  return { message: 'Your password is changed. Sign in with the new one.' };
}

/**
 * Signs in with a Google or GitHub identity: a known identity signs its user in; otherwise a verified
 * email links the identity to the account with that address, or creates a new account.
 */
export async function signInWithProvider(context: AuthContext, profile: ProviderProfile): Promise<SignedIn & { created: boolean }> {
  const { db } = context;
  const { user, created } = await db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(oauthAccounts)
      .innerJoin(users, eq(users.id, oauthAccounts.userId))
      .where(and(eq(oauthAccounts.provider, profile.provider), eq(oauthAccounts.subject, profile.subject)));
    if (linked) return { user: linked.user, created: false };
    if (!profile.email || !profile.emailVerified) throw accountError(403, 'auth/unverified-provider-email');
    const identity = { provider: profile.provider, subject: profile.subject, email: profile.email };
    const existing = await findUserByEmail(tx, profile.email);
    if (existing) {
      await tx.insert(oauthAccounts).values({ ...identity, userId: existing.id });
      if (existing.emailVerifiedAt) return { user: existing, created: false };
      // The address was never confirmed, so whoever set that password did not prove they own it: drop it.
      const [claimed] = await tx
        .update(users)
        .set({ emailVerifiedAt: new Date(), passwordHash: null, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning();
      await tx.update(actionCodes).set({ usedAt: new Date() }).where(and(eq(actionCodes.userId, existing.id), isNull(actionCodes.usedAt)));
      return { user: claimed ?? existing, created: false };
    }
    // A provider's name that looks like another account's is left out: the new user picks one on /update-profile.
    const displayName = profile.displayName && (await displayNameFree(tx, profile.displayName)) ? profile.displayName : null;
    const [inserted] = await tx
      .insert(users)
      .values({ email: profile.email, emailVerifiedAt: new Date(), ...displayNameColumns(displayName), photoUrl: profile.photoUrl })
      .returning();
    if (!inserted) throw new Error('Inserting a user returned nothing');
    await tx.insert(oauthAccounts).values({ ...identity, userId: inserted.id });
    return { user: inserted, created: true };
  });
  const { sessionId, refreshToken } = await startSession(db, user.id);
  return { session: await sessionAnswer(context, user, sessionId), refreshToken, created };
}

export type GrantResult = 'granted' | 'already-admin' | 'no-such-user';

export async function grantAdmin(db: Db, email: string): Promise<GrantResult> {
  const user = await findUserByEmail(db, email);
  if (!user) return 'no-such-user';
  if (user.role === 'admin') return 'already-admin';
  await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, user.id));
  return 'granted';
}
