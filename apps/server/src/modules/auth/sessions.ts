import { and, eq, isNull } from 'drizzle-orm';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Role } from '@slipstream/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { refreshTokens, sessions } from '../../db/schema';
import { randomSecret, secretHash } from './secrets';

/**
 * Sessions: a short-lived access token (HS256 JWT, sent as Bearer) and a rotating refresh token in an
 * httpOnly cookie. Every refresh replaces the token; presenting a replaced one again means it was stolen
 * or replayed, so the whole session (the token family) is revoked. Times are real time.
 */

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const REFRESH_COOKIE = 'slipstream_refresh';
/** The refresh cookie goes only to the auth endpoints, never to the rest of the API or the site. */
const REFRESH_COOKIE_PATH = '/api/auth';
/**
 * Set and cleared with the refresh cookie, but sent with every page and holding no secret: a page request
 * without it has no session to restore, so the server tells the app so (modules/seo) and the app shows the page
 * at once instead of a spinner while it asks /api/auth/refresh.
 */
export const SESSION_HINT_COOKIE = 'slipstream_session';

const ISSUER = 'slipstream';
const AUDIENCE = 'slipstream-api';

export type AccessClaims = { userId: string; sessionId: string; role: Role };

export class AccessTokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(`Access token ${reason}`);
  }
}

export function signingKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function issueAccessToken(key: Uint8Array, claims: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = new Date((issuedAt + ACCESS_TOKEN_TTL_SECONDS) * 1000);
  const token = await new SignJWT({ sid: claims.sessionId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt };
}

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || (payload.role !== 'user' && payload.role !== 'admin')) {
      throw new AccessTokenError('invalid');
    }
    return { userId: payload.sub, sessionId: payload.sid, role: payload.role };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AccessTokenError('expired');
    throw new AccessTokenError('invalid');
  }
}

function refreshCookieOptions(config: Config): CookieSerializeOptions {
  return {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  };
}

/** The session's cookies on a reply: the refresh token for the auth endpoints, and the hint for pages. */
export function sessionCookies(config: Config) {
  const refresh = refreshCookieOptions(config);
  const hint = { ...refresh, path: '/' };
  return {
    set: (reply: FastifyReply, refreshToken: string) => reply.setCookie(REFRESH_COOKIE, refreshToken, refresh).setCookie(SESSION_HINT_COOKIE, '1', hint),
    clear: (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: refresh.path }).clearCookie(SESSION_HINT_COOKIE, { path: hint.path }),
  };
}

/** A new session for a user who just proved who they are; returns its first refresh token. */
export async function startSession(db: Db, userId: string): Promise<{ sessionId: string; refreshToken: string }> {
  return db.transaction(async (tx) => {
    const [session] = await tx.insert(sessions).values({ userId }).returning({ id: sessions.id });
    if (!session) throw new Error('Inserting a session returned nothing');
    const refreshToken = await addRefreshToken(tx, session.id);
    return { sessionId: session.id, refreshToken };
  });
}

async function addRefreshToken(db: Db, sessionId: string): Promise<string> {
  const refreshToken = randomSecret();
  await db.insert(refreshTokens).values({
    tokenHash: secretHash(refreshToken),
    sessionId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return refreshToken;
}

export type Rotation =
  | { ok: true; userId: string; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/** Exchanges a refresh token for its successor; a second use of any token revokes its family. */
export async function rotateRefreshToken(db: Db, presented: string): Promise<Rotation> {
  const tokenHash = secretHash(presented);
  const rotation = await db.transaction(async (tx): Promise<Rotation> => {
    const [found] = await tx
      .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt, expiresAt: refreshTokens.expiresAt, userId: sessions.userId, revokedAt: sessions.revokedAt })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!found) return { ok: false, reason: 'unknown' };
    if (found.revokedAt) return { ok: false, reason: 'revoked' };
    if (found.usedAt) return { ok: false, reason: 'reused' };
    if (found.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
    // Conditional, so two requests racing with the same token cannot both succeed.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ sessionId: refreshTokens.sessionId });
    if (claimed.length === 0) return { ok: false, reason: 'reused' };
    const refreshToken = await addRefreshToken(tx, found.sessionId);
    return { ok: true, userId: found.userId, sessionId: found.sessionId, refreshToken };
  });
  if (!rotation.ok && rotation.reason === 'reused') {
    const [token] = await db.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (token) await revokeSession(db, token.sessionId, 'refresh token reused');
  }
  return rotation;
}

/** The session a refresh token belongs to, whatever its state (sign-out ends it either way). */
export async function sessionOfRefreshToken(db: Db, presented: string): Promise<string | undefined> {
  const [token] = await db.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, secretHash(presented)));
  return token?.sessionId;
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
