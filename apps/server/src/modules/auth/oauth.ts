import crypto from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import { displayName, type OAuthProviderId } from '@slipstream/contract';
import type { Config } from '../../config';
import { HttpError } from '../../lib/errors';
import { accountError } from './errors';

/**
 * Google (OpenID Connect, from its discovery document) and GitHub (plain OAuth 2 plus its REST API), both
 * with the authorization code flow and PKCE. The flow's secrets travel in an encrypted, short-lived cookie,
 * so no server instance needs to remember a sign-in in progress.
 */

export type ProviderProfile = {
  provider: OAuthProviderId;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoUrl: string | null;
};

export type FlowSecrets = { state: string; codeVerifier: string; nonce: string };

export type OAuthProvider = {
  id: OAuthProviderId;
  name: string;
  authorizationUrl(redirectUri: string, flow: FlowSecrets): Promise<URL>;
  /** Exchanges the code from the callback URL and returns who signed in. */
  complete(callbackUrl: URL, redirectUri: string, flow: FlowSecrets): Promise<ProviderProfile>;
};

const PROVIDER_TIMEOUT_SECONDS = 10;

export function configuredProviders(config: Config): Map<OAuthProviderId, OAuthProvider> {
  const providers = new Map<OAuthProviderId, OAuthProvider>();
  if (config.google) providers.set('google', googleProvider(config.google));
  if (config.github) providers.set('github', githubProvider(config.github));
  return providers;
}

/** Plain http is only reachable here in development and tests: config refuses it in production. */
function allowsHttp(url: string) {
  return url.startsWith('http://');
}

function googleProvider(options: { clientId: string; clientSecret: string; issuerUrl: string }): OAuthProvider {
  let discovered: Promise<client.Configuration> | undefined;
  // Discovered on first use, not at start, so the server starts even when Google is out of reach.
  const configuration = () => {
    discovered ??= client
      .discovery(new URL(options.issuerUrl), options.clientId, options.clientSecret, undefined, {
        execute: allowsHttp(options.issuerUrl) ? [client.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_SECONDS,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  return {
    id: 'google',
    name: 'Google',
    async authorizationUrl(redirectUri, flow) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
    },
    async complete(callbackUrl, redirectUri, flow) {
      const tokens = await client.authorizationCodeGrant(
        await configuration(),
        callbackUrl,
        { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true },
        { redirect_uri: redirectUri },
      );
      const claims = tokens.claims();
      if (!claims) throw accountError(502, 'auth/provider-error');
      return {
        provider: 'google',
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true,
        displayName: fittingDisplayName(claims.name),
        photoUrl: httpsUrl(claims.picture),
      };
    },
  };
}

type GitHubUser = { id: number; login: string; name?: string | null; avatar_url?: string | null };
type GitHubEmail = { email: string; primary: boolean; verified: boolean };

function githubProvider(options: {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}): OAuthProvider {
  const configuration = new client.Configuration(
    {
      issuer: new URL(options.authorizeUrl).origin,
      authorization_endpoint: options.authorizeUrl,
      token_endpoint: options.tokenUrl,
    },
    options.clientId,
    options.clientSecret,
  );
  configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
  if ([options.authorizeUrl, options.tokenUrl, options.userinfoUrl].some(allowsHttp)) client.allowInsecureRequests(configuration);

  const getJson = async <T>(accessToken: string, url: string): Promise<T> => {
    const headers = new Headers({ accept: 'application/vnd.github+json', 'user-agent': 'Slipstream' });
    const response = await client.fetchProtectedResource(configuration, accessToken, new URL(url), 'GET', null, headers);
    if (!response.ok) throw accountError(502, 'auth/provider-error');
    return (await response.json()) as T;
  };

  return {
    id: 'github',
    name: 'GitHub',
    async authorizationUrl(redirectUri, flow) {
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        state: flow.state,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async complete(callbackUrl, redirectUri, flow) {
      const tokens = await client.authorizationCodeGrant(
        configuration,
        callbackUrl,
        { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state },
        { redirect_uri: redirectUri },
      );
      // GitHub's /user shows only the public address; /user/emails says which addresses are verified.
      const user = await getJson<GitHubUser>(tokens.access_token, options.userinfoUrl);
      const emails = await getJson<GitHubEmail[]>(tokens.access_token, `${options.userinfoUrl}/emails`);
      const verified = emails.find((entry) => entry.primary && entry.verified) ?? emails.find((entry) => entry.verified);
      return {
        provider: 'github',
        subject: String(user.id),
        email: verified ? verified.email.toLowerCase() : null,
        emailVerified: Boolean(verified),
        displayName: fittingDisplayName(user.name ?? user.login),
        photoUrl: httpsUrl(user.avatar_url),
      };
    },
  };
}

/** A provider's name becomes the display name only when it fits the display-name rule (3 to 40 characters). */
/** The provider's name when it makes a valid display name (normalised as the profile form's), else none. */
function fittingDisplayName(name: unknown): string | null {
  const parsed = displayName.safeParse(name);
  return parsed.success ? parsed.data : null;
}

function httpsUrl(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('https://') ? value : null;
}

/** Turns a failure while talking to the provider into the stable codes of the accounts API. */
export function providerFailure(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const timedOut = error instanceof client.ClientError && (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT');
  if (error instanceof TypeError || timedOut) return accountError(502, 'auth/network-request-failed');
  return accountError(502, 'auth/provider-error');
}

// ---------------------------------------------------------------------------------------------------
// The flow cookie

export const FLOW_COOKIE = 'slipstream_oauth';
export const FLOW_COOKIE_PATH = '/api/auth/oauth';
export const FLOW_LIFETIME_SECONDS = 10 * 60;

type SealedFlow = FlowSecrets & { provider: OAuthProviderId };

export function newFlowSecrets(): FlowSecrets {
  return { state: client.randomState(), codeVerifier: client.randomPKCECodeVerifier(), nonce: client.randomNonce() };
}

/** A key of its own for the flow cookie, derived from the session secret. */
export function flowKey(sessionSecret: string): Uint8Array {
  return crypto.createHash('sha256').update(`oauth-flow:${sessionSecret}`).digest();
}

export async function sealFlow(key: Uint8Array, flow: SealedFlow): Promise<string> {
  return new EncryptJWT({ ...flow })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${FLOW_LIFETIME_SECONDS}s`)
    .encrypt(key);
}

/** The flow the cookie carries, or undefined when it is missing, tampered with or expired. */
export async function openFlow(key: Uint8Array, sealed: string | undefined): Promise<SealedFlow | undefined> {
  if (!sealed) return undefined;
  try {
    const { payload } = await jwtDecrypt(sealed, key);
    const { provider, state, codeVerifier, nonce } = payload;
    if (typeof state !== 'string' || typeof codeVerifier !== 'string' || typeof nonce !== 'string') return undefined;
    if (provider !== 'google' && provider !== 'github') return undefined;
    return { provider, state, codeVerifier, nonce };
  } catch {
    return undefined;
  }
}
