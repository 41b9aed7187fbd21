import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { sessions, users } from '../../db/schema';
import { accountError } from './errors';
import { AccessTokenError, signingKey, verifyAccessToken } from './sessions';

/** Who made the request, decided from the Bearer token alone (never from the body). */
export type AuthenticatedUser = { id: string; email: string; role: Role; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 "User is not authenticated" without a valid Bearer token; sets request.user. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: requireUser, then 403 "You are not the admin" for anyone but an admin. */
    requireAdmin: preHandlerAsyncHookHandler;
    /** preHandler of the endpoints a cookie authenticates: the CSRF guard (see requireAppRequest). */
    requireAppRequest: preHandlerAsyncHookHandler;
  }
}

/**
 * The guards every module uses: `app.get(path, { preHandler: app.requireUser }, handler)`, then
 * `currentUser(request)` in the handler. Registered once at the root so every module sees them.
 */
export const authenticationPlugin = fp<AppDeps>(
  async (app, { config, database }) => {
    if (!config.sessionSecret) throw new Error('SESSION_SECRET is not set (main.ts fills it in development; tests pass one)');
    const key = signingKey(config.sessionSecret);

    const requireUser: preHandlerAsyncHookHandler = async (request) => {
      const token = bearerToken(request);
      let claims;
      try {
        claims = await verifyAccessToken(key, token);
      } catch (error) {
        if (error instanceof AccessTokenError && error.reason === 'expired') throw accountError(401, 'auth/token-expired');
        throw accountError(401, 'auth/invalid-token');
      }
      // The session must still be live: sign-out and a reused refresh token end its access tokens too.
      const [user] = await database.db
        .select({ id: users.id, email: users.email, role: users.role })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), isNull(sessions.revokedAt)));
      if (!user) throw accountError(401, 'auth/invalid-token');
      request.user = { ...user, sessionId: claims.sessionId };
    };

    const requireAdmin: preHandlerAsyncHookHandler = async function (request, reply) {
      await requireUser.call(this, request, reply);
      if (currentUser(request).role !== 'admin') throw accountError(403, 'auth/not-admin');
    };

    app.decorateRequest('user', null);
    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', requireAdmin);
    const publicOrigin = new URL(config.publicUrl).origin;
    app.decorate('requireAppRequest', async (request: FastifyRequest) => requireAppRequest(request, publicOrigin));
  },
  { name: 'authentication' },
);

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw accountError(401, 'auth/unauthenticated');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw accountError(401, 'auth/invalid-token');
  return match[1];
}

/**
 * CSRF guard for the endpoints a cookie authenticates (refresh, sign-out, an anonymous vote): a cross-site form
 * or image cannot add a custom header, and a cross-site script may not without a CORS preflight this server
 * refuses. A browser's Origin, when sent, must also be this site: the public URL's, or the Host the request was
 * sent to (a development server or a proxy that keeps the Host).
 */
function requireAppRequest(request: FastifyRequest, publicOrigin: string) {
  if (!request.headers['x-requested-with']) throw accountError(403, 'auth/missing-csrf-header');
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, request, publicOrigin)) throw accountError(403, 'auth/foreign-origin');
}

function isOwnOrigin(origin: string, request: FastifyRequest, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  if (!URL.canParse(origin)) return false;
  const host = new URL(origin).host;
  return host === request.headers.host || host === request.host;
}

/** The signed-in user in a handler behind requireUser or requireAdmin. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw accountError(401, 'auth/unauthenticated');
  return request.user;
}
