import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  accountErrorCode,
  actionCodeRequest,
  emailRequest,
  oauthProviderId,
  oauthReturnUrl,
  resetPasswordRequest,
  signInRequest,
  signUpRequest,
  type ActionCodeInfo,
  type AuthUser,
  type CheckAdminResponse,
  type MessageResponse,
  type OAuthOutcome,
  type PasswordPolicy,
  type ProvidersResponse,
  type SessionResponse,
  type SignUpResponse,
} from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { accountError } from './errors';
import { currentUser } from './guard';
import { FLOW_COOKIE, FLOW_COOKIE_PATH, FLOW_LIFETIME_SECONDS, configuredProviders, flowKey, newFlowSecrets, openFlow, providerFailure, sealFlow } from './oauth';
import { passwordPolicy } from './passwords';
import {
  checkPasswordResetCode,
  grantAdmin,
  refreshSession,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  signIn,
  signInWithProvider,
  signOut,
  signUp,
  verifyEmail,
  type AuthContext,
  type GrantResult,
} from './service';
import { REFRESH_COOKIE, sessionCookies, signingKey } from './sessions';
import { memoryCounterStore, sharedCounterStore, Throttle } from './throttle';
import { findUserById, toAuthUser } from './users';
import { endpointRoute } from '../../lib/endpoints';

const providerParams = z.object({ provider: oauthProviderId });
const callbackQuery = z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() });

export const authRoutes: FastifyPluginAsync<AppDeps> = async (app, { config, database, redis }) => {
  if (!config.sessionSecret) throw new Error('SESSION_SECRET is not set');
  const context: AuthContext = {
    db: database.db,
    config,
    mailer: app.mailer,
    throttle: new Throttle(redis ? sharedCounterStore(redis) : memoryCounterStore()),
    key: signingKey(config.sessionSecret),
  };
  const providers = configuredProviders(config);
  const oauthKey = flowKey(config.sessionSecret);
  const cookies = sessionCookies(config);
  const redirectUri = (provider: string) => `${config.publicUrl}/api/auth/oauth/${provider}/callback`;
  const publicHostname = new URL(config.publicUrl).hostname;


  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  endpointRoute(app, 'passwordPolicy', async (_request, reply): Promise<PasswordPolicy> => {
    reply.header('cache-control', 'public, max-age=86400');
    return passwordPolicy();
  });

  endpointRoute(app, 'authProviders', async (): Promise<ProvidersResponse> => ({
    providers: [...providers.values()].map(({ id, name }) => ({ id, name, signInUrl: `/api/auth/oauth/${id}` })),
  }));

  endpointRoute(app, 'signUp', async (request, reply): Promise<SignUpResponse> => {
    const input = parseInput(signUpRequest(passwordPolicy()), request.body);
    const answer = await signUp(context, input, request.ip);
    reply.status(201);
    return answer;
  });

  endpointRoute(app, 'signIn', async (request, reply): Promise<SessionResponse> => {
    const { session, refreshToken } = await signIn(context, parseInput(signInRequest, request.body), request.ip);
    cookies.set(reply, refreshToken);
    return session;
  });

  endpointRoute(app, 'refreshSession', { preHandler: app.requireAppRequest }, async (request, reply): Promise<SessionResponse> => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented) throw accountError(401, 'auth/unauthenticated');
    try {
      const { session, refreshToken } = await refreshSession(context, presented);
      cookies.set(reply, refreshToken);
      return session;
    } catch (error) {
      cookies.clear(reply);
      throw error;
    }
  });

  endpointRoute(app, 'signOut', { preHandler: app.requireAppRequest }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (presented) await signOut(context, presented);
    cookies.clear(reply);
    return reply.status(204).send();
  });

  endpointRoute(app, 'me', { preHandler: app.requireUser }, async (request): Promise<AuthUser> => {
    const user = await findUserById(database.db, currentUser(request).id);
    if (!user) throw accountError(401, 'auth/invalid-token');
    return toAuthUser(database.db, user);
  });

  endpointRoute(app, 'verifyEmail', async (request): Promise<ActionCodeInfo> => {
    return verifyEmail(context, parseInput(actionCodeRequest, request.body).oobCode);
  });

  endpointRoute(app, 'resendConfirmation', async (request, reply): Promise<MessageResponse> => {
    const answer = await resendConfirmation(context, parseInput(emailRequest, request.body).email, request.ip);
    reply.status(202);
    return answer;
  });

  endpointRoute(app, 'requestPasswordReset', async (request, reply): Promise<MessageResponse> => {
    const answer = await requestPasswordReset(context, parseInput(emailRequest, request.body).email, request.ip);
    reply.status(202);
    return answer;
  });

  endpointRoute(app, 'checkPasswordResetCode', async (request): Promise<ActionCodeInfo> => {
    return checkPasswordResetCode(context, parseInput(actionCodeRequest, request.body).oobCode);
  });

  endpointRoute(app, 'resetPassword', async (request): Promise<MessageResponse> => {
    const { oobCode, newPassword } = parseInput(resetPasswordRequest(passwordPolicy()), request.body);
    return resetPassword(context, oobCode, newPassword);
  });

  // OAuth runs as browser navigations, in a popup or the whole window, and ends on the web's return page
  // (oauthReturnUrl). Nothing on the way may isolate the popup from its opener (COOP), or the opener would
  // lose it: these answers, and that page (app.ts), are sent with unsafe-none.
  const finish = (reply: FastifyReply, outcome: OAuthOutcome) =>
    reply.header('cross-origin-opener-policy', 'unsafe-none').redirect(oauthReturnUrl(outcome));
  const toLogin = (reply: FastifyReply, error: HttpError) => {
    const code = accountErrorCode.safeParse(error.code);
    return finish(reply, { error: code.success ? code.data : 'auth/provider-error' });
  };

  endpointRoute(app, 'oauthStart', async (request, reply) => {
    const { provider: id } = parseInput(providerParams, request.params);
    const provider = providers.get(id);
    if (!provider) return toLogin(reply, accountError(404, 'auth/provider-not-configured'));
    // The provider sends the browser back to PUBLIC_URL: begun on another host, the flow cookie would be
    // missing there and the sign-in could never finish, so say why now.
    if (request.hostname !== publicHostname) return toLogin(reply, accountError(400, 'auth/unauthorized-domain'));
    const flow = newFlowSecrets();
    let authorizationUrl: URL;
    try {
      authorizationUrl = await provider.authorizationUrl(redirectUri(id), flow);
    } catch (error) {
      return toLogin(reply, providerFailure(error));
    }
    reply.setCookie(FLOW_COOKIE, await sealFlow(oauthKey, { provider: id, ...flow }), {
      path: FLOW_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.env === 'production',
      maxAge: FLOW_LIFETIME_SECONDS,
    });
    return reply.header('cross-origin-opener-policy', 'unsafe-none').redirect(authorizationUrl.href);
  });

  endpointRoute(app, 'oauthCallback', async (request, reply) => {
    const { provider: id } = parseInput(providerParams, request.params);
    const query = parseInput(callbackQuery, request.query);
    const flow = await openFlow(oauthKey, request.cookies[FLOW_COOKIE]);
    reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
    try {
      const provider = providers.get(id);
      if (!provider) throw accountError(404, 'auth/provider-not-configured');
      if (query.error) throw accountError(400, query.error === 'access_denied' ? 'auth/popup-closed-by-user' : 'auth/provider-error');
      if (!flow || flow.provider !== id || !query.code || query.state !== flow.state) throw accountError(400, 'auth/invalid-oauth-state');
      // The URL the provider redirected to, as the provider saw it (this server may sit behind a proxy).
      const callbackUrl = new URL(redirectUri(id));
      for (const [name, value] of Object.entries(request.query as Record<string, string>)) callbackUrl.searchParams.set(name, value);
      const profile = await provider.complete(callbackUrl, redirectUri(id), flow).catch((error: unknown) => {
        throw providerFailure(error);
      });
      const { refreshToken, created } = await signInWithProvider(context, profile);
      cookies.set(reply, refreshToken);
      return finish(reply, { next: created ? '/update-profile' : '/' });
    } catch (error) {
      if (error instanceof HttpError) return toLogin(reply, error);
      throw error;
    }
  });

  endpointRoute(app, 'checkAdmin', { preHandler: app.requireAdmin }, async (): Promise<CheckAdminResponse> => ({ isAdmin: true }));

  if (config.testHooks) {
    // End-to-end tests make an admin in one request (admin:grant would start a process per test).
    app.post('/test/admin-grant', async (request): Promise<{ result: GrantResult }> => {
      return { result: await grantAdmin(database.db, parseInput(emailRequest, request.body).email) };
    });
  }
};
