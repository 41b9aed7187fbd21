import { ENDPOINTS, endpointPath, endpointUrl, type EndpointName, type PathParamsOf, type QueryValues } from '@slipstream/contract/endpoints';
import type { EndpointSchemaMap, EndpointSchemas } from '@slipstream/contract/endpoint-schemas';
import type { z } from 'zod';
import { noteAnswer } from './offline';
import { pageReader } from './pageReads';

/**
 * The one client for the site's API, generic over the endpoint registry (@slipstream/contract/endpoints):
 * `api(name, { params, query, body })` calls an endpoint by its name, with its parameters and answer typed by the
 * registry's schemas (and, in development, the answer checked against them). Nothing else builds an API URL.
 */

/**
 * A failed call. Its message is the server's `message` field, or "Error" when it sent none (docs/product.md, Calls and failures); `code` is
 * the server's stable error code when it sent one (accounts), or NETWORK_FAILURE when no answer came.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const FALLBACK_MESSAGE = 'Error';
/** The code of a call that got no answer: offline, refused, or past its time-out. */
export const NETWORK_FAILURE = 'auth/network-request-failed';

type Endpoints = typeof ENDPOINTS;
type Schemas<N extends EndpointName> = EndpointSchemaMap[N];

/** What an endpoint answers: its schema's output; the text of a drawing; nothing for an answer without a body. */
export type AnswerOf<N extends EndpointName> =
  Schemas<N> extends { answer: infer A extends z.ZodType } ? z.output<A> : Endpoints[N] extends { format: 'svg' } ? string : void;

/** A query as the caller gives it: the schema's values, each optional where the server has a default. */
type CallerQuery<In, Out> = { [K in keyof Out & keyof In as undefined extends In[K] ? never : K]: Out[K] } & {
  [K in keyof Out & keyof In as undefined extends In[K] ? K : never]?: Out[K];
};
type QueryOf<N extends EndpointName> = Schemas<N> extends { query: infer Q extends z.ZodType } ? CallerQuery<z.input<Q>, z.output<Q>> : never;
type BodyOf<N extends EndpointName> = Schemas<N> extends { body: infer B extends z.ZodType } ? z.output<B> : never;

type ParamsInput<N extends EndpointName> = object extends PathParamsOf<N> ? { params?: PathParamsOf<N> } : { params: PathParamsOf<N> };
type QueryInput<N extends EndpointName> = [QueryOf<N>] extends [never] ? object : object extends QueryOf<N> ? { query?: QueryOf<N> } : { query: QueryOf<N> };
type BodyInput<N extends EndpointName> = [BodyOf<N>] extends [never] ? object : { body: BodyOf<N> };
/** The caller's access token, or null for an anonymous visitor, where the endpoint takes one (`auth: 'bearer'`). */
type TokenInput<N extends EndpointName> = Endpoints[N] extends { auth: 'bearer' } ? { token: string | null } : object;

export type CallInput<N extends EndpointName> = ParamsInput<N> &
  QueryInput<N> &
  BodyInput<N> &
  TokenInput<N> & {
    /** Extra request headers (the event tracker's X-Cache-Duration). */
    headers?: Record<string, string>;
    /** The browser cache's mode for this call. */
    cache?: RequestCache;
  };

type CallArgs<N extends EndpointName> = object extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

type LooseInput = { params?: Record<string, string | number>; query?: QueryValues; body?: unknown; token?: string | null; headers?: Record<string, string>; cache?: RequestCache };

/**
 * Calls the endpoint `name` and gives its answer. The browser build trusts the server it was built with and does
 * not ship zod (a quarter of the start-up JavaScript, docs/performance.md); development builds and the tests load
 * the registry's schemas and check every answer against its own.
 */
export async function api<N extends EndpointName>(name: N, ...[input]: CallArgs<N>): Promise<AnswerOf<N>> {
  const call = (input ?? {}) as LooseInput;
  const endpoint: Endpoints[EndpointName] = ENDPOINTS[name];
  const params = call.params ?? {};
  const onPage = pageReader();
  if (onPage) return (await readOnPage(onPage, name, params, call.query)) as AnswerOf<N>;
  const path = endpointPath(name, params as PathParamsOf<N>);
  const { response, body } = await send(name, endpointUrl(name, params as PathParamsOf<N>, call.query), call);
  noteAnswer(path, response.headers);
  if ('format' in endpoint) return (await response.text()) as AnswerOf<N>;
  return (import.meta.env.DEV ? await checkedAnswer(name, path, response.status, body) : body) as AnswerOf<N>;
}

/** On the server, preparing a page: its public reads are read in-process; anything else is not the page's. */
async function readOnPage(read: NonNullable<ReturnType<typeof pageReader>>, name: EndpointName, params: Record<string, string | number>, query: QueryValues = {}) {
  const answer = await read(name, params, query);
  if (answer === undefined) throw new ApiError(404, 'Not carried by the page');
  return answer;
}

async function checkedAnswer(name: EndpointName, path: string, status: number, body: unknown): Promise<unknown> {
  const { ENDPOINT_SCHEMAS } = await import('@slipstream/contract/endpoint-schemas');
  const schemas: EndpointSchemas = ENDPOINT_SCHEMAS[name];
  if (!schemas.answer) return undefined;
  const parsed = schemas.answer.safeParse(body);
  if (!parsed.success) {
    // The server and this build disagree on a shape: say where, for the console.
    throw new ApiError(status, `Unexpected answer from ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The URL of an endpoint the browser loads itself: a drawing or flag in an <img>, a calendar file, the event stream. */
export function apiUrl<N extends EndpointName>(name: N, params: PathParamsOf<N>, query?: QueryValues): string {
  return endpointUrl(name, params, query);
}

/** A form with one file, as the upload endpoints take it. */
export function fileForm(field: string, file: Blob): FormData {
  const form = new FormData();
  form.append(field, file);
  return form;
}

/** The push channel of stored results and live timing (server-sent events); the caller closes it. */
export function openLiveEvents(): EventSource {
  return new EventSource(endpointPath('liveEvents', {}));
}

const RENEWABLE_REFUSALS = new Set(['auth/token-expired', 'auth/invalid-token']);
/** Marks calls that a cookie authenticates as the app's own (the server's CSRF check). */
const APP_REQUEST = { 'x-requested-with': 'fetch' };

/** Sends the request (with the access token the endpoint takes, renewing a refused session token once) and reads its answer. */
async function send(name: EndpointName, url: string, call: LooseInput): Promise<{ response: Response; body: unknown }> {
  const endpoint: Endpoints[EndpointName] = ENDPOINTS[name];
  const attempt = async (token: string | null) => {
    const response = await fetchAnswer(url, {
      credentials: 'same-origin',
      method: endpoint.method,
      cache: call.cache,
      body: requestBody(call.body),
      signal: 'timeout' in endpoint ? AbortSignal.timeout(networkTimeoutMs()) : undefined,
      headers: {
        accept: 'application/json',
        ...(isJsonBody(call.body) ? { 'content-type': 'application/json' } : {}),
        ...('appRequest' in endpoint ? APP_REQUEST : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...call.headers,
      },
    });
    return { response, body: 'format' in endpoint ? undefined : await readJson(response) };
  };

  const bySession = 'auth' in endpoint && endpoint.auth === 'session';
  let answer = await attempt(bySession ? await requireToken(accessTokens.token()) : (call.token ?? null));
  // The token ran out on the way (or the device clock is off), or its session ended elsewhere (a password reset):
  // renew it once and try again. A session that ended cannot be renewed, which signs this tab out too.
  if (bySession && answer.response.status === 401 && RENEWABLE_REFUSALS.has(codeOf(answer.body) ?? '')) {
    answer = await attempt(await requireToken(accessTokens.renew()));
  }
  if (!answer.response.ok) throw new ApiError(answer.response.status, messageOf(answer.body ?? (await readJson(answer.response))), codeOf(answer.body));
  return answer;
}

const isJsonBody = (body: unknown) => body !== undefined && !(body instanceof FormData);

function requestBody(body: unknown): BodyInit | undefined {
  if (body === undefined || body instanceof FormData) return body;
  return JSON.stringify(body);
}

async function requireToken(token: Promise<string | null>): Promise<string> {
  const value = await token;
  if (!value) throw new ApiError(401, 'User is not authenticated', 'auth/unauthenticated');
  return value;
}

/**
 * Where authenticated calls get their Bearer token: the accounts session plugs in with setAccessTokenSource.
 * `token` gives a current one (refreshing first if it is about to expire), `renew` a fresh one; both give null
 * when nobody is signed in.
 */
export type AccessTokenSource = { token(): Promise<string | null>; renew(): Promise<string | null> };

export const noAccessTokens: AccessTokenSource = { token: async () => null, renew: async () => null };
let accessTokens: AccessTokenSource = noAccessTokens;

export function setAccessTokenSource(source: AccessTokenSource): void {
  accessTokens = source;
}

/** The signed-in user's current access token, or null for an anonymous visitor (for calls that work both ways). */
export function currentAccessToken(): Promise<string | null> {
  return accessTokens.token();
}

/** The network time-out of accounts calls (docs/product.md, Calls and failures): 30 s on a desktop, 60 s on a phone. */
export function networkTimeoutMs(): number {
  return isMobileDevice() ? 60_000 : 30_000;
}

function isMobileDevice(): boolean {
  const hints = (navigator as Navigator & { userAgentData?: { mobile: boolean } }).userAgentData;
  return hints ? hints.mobile : /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

/** A network failure has no server message either: it becomes the same "Error"; an abort stays an abort. */
async function fetchAnswer(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, FALLBACK_MESSAGE, NETWORK_FAILURE);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function codeOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'code' in body) {
    const { code } = body as { code: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function messageOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return FALLBACK_MESSAGE;
}
