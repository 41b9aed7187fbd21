import crypto from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config';
import { addressGroup } from '../../lib/client-address';

/**
 * Anonymous voters: a random visitor id in a cookie the server signs (HMAC-SHA256), so nobody can claim
 * another visitor's id or mint ids without asking the server; and the client address, kept only as an HMAC,
 * for the per-address limit on anonymous ballots.
 */

export const VISITOR_COOKIE = 'slipstream_visitor';
const VERSION = 'v1';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export type VoteKeys = { cookie: Buffer; address: Buffer };

/** Keys of their own, derived from the session secret, so neither can stand in for the other or for a token. */
export function voteKeys(sessionSecret: string): VoteKeys {
  const derive = (purpose: string) => crypto.createHmac('sha256', sessionSecret).update(purpose).digest();
  return { cookie: derive('slipstream:vote:visitor-cookie'), address: derive('slipstream:vote:client-address') };
}

/** 128 random bits. */
export function newVisitorId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export function signVisitorId(key: Buffer, visitorId: string): string {
  return `${VERSION}.${visitorId}.${visitorMac(key, visitorId)}`;
}

/** The visitor id of a cookie this server signed; undefined for anything else (forged, altered, garbled). */
export function verifyVisitorCookie(key: Buffer, value: string): string | undefined {
  const [version, visitorId, signature, ...rest] = value.split('.');
  if (version !== VERSION || !visitorId || !signature || rest.length > 0 || !VISITOR_ID.test(visitorId)) return undefined;
  const expected = Buffer.from(visitorMac(key, visitorId));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? visitorId : undefined;
}

function visitorMac(key: Buffer, visitorId: string): string {
  return crypto.createHmac('sha256', key).update(`${VERSION}.${visitorId}`).digest('base64url');
}

/** Only the vote endpoints read it; a year, so one device keeps one identity across a season. */
export function visitorCookieOptions(config: Pick<Config, 'env'>): CookieSerializeOptions {
  return { path: '/api/vote', httpOnly: true, sameSite: 'lax', secure: config.env === 'production', maxAge: ONE_YEAR_SECONDS };
}

/** What the database keeps of a client address: an HMAC, so a leaked table does not give the addresses. */
export function addressHash(key: Buffer, ip: string): string {
  return crypto.createHmac('sha256', key).update(addressGroup(ip)).digest('base64url');
}
