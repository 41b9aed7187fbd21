/**
 * The one error type that carries an HTTP status and a human message to the client; optionally a stable
 * machine code (the accounts API's `auth/...` codes) the web can act on, and headers such as Retry-After.
 */
export class HttpError extends Error {
  readonly code: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    readonly statusCode: number,
    message: string,
    options: { code?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = options.code;
    this.headers = options.headers ?? {};
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; try again shortly';
/** Seconds a client is asked to wait (Retry-After) while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL's query_canceled: statement_timeout (or an administrator) stopped the statement. */
const QUERY_CANCELED_SQLSTATE = '57014';
export const STATEMENT_TIMEOUT_MESSAGE = 'The database took too long to answer this request and stopped it; try again shortly';

/** A statement of the embedded database that ran over the timeout (its worker was stopped), as PostgreSQL's. */
export class StatementTimeout extends Error {
  readonly code = QUERY_CANCELED_SQLSTATE;

  constructor(timeoutMs: number) {
    super(`canceling statement due to statement timeout (${timeoutMs} ms)`);
  }
}

/** Whether an error (or one it wraps) is a statement stopped by the statement timeout. */
function isStatementTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if ((current as { code?: unknown }).code === QUERY_CANCELED_SQLSTATE) return true;
  }
  return false;
}

/**
 * The answer to an error of the database that is no fault of the request: 503 with Retry-After, for a statement
 * that ran over the timeout and for a database that cannot be reached. Undefined for any other error.
 */
export function databaseHttpError(error: unknown): HttpError | undefined {
  const headers = { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS), 'cache-control': 'no-store' };
  if (isStatementTimeout(error)) return new HttpError(503, STATEMENT_TIMEOUT_MESSAGE, { headers });
  if (isDatabaseUnavailable(error)) return new HttpError(503, DATABASE_UNAVAILABLE_MESSAGE, { headers });
  return undefined;
}

/** Socket errors of a connection that could not be made or was cut. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** PostgreSQL: class 08 (connection exception), 57P01-57P03 (shutting down, crash, cannot connect now). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
/** node-postgres says these in words only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
  'the database system is',
];

/**
 * Whether an error (or any error it wraps: Drizzle wraps the driver's in `cause`) says the database cannot be
 * reached, as opposed to a query that is wrong: those answer 503 and the client tries again.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    // A unix socket that is not there (the embedded database's worker is opening the database again).
    if (code === 'ENOENT' && (current as { syscall?: unknown }).syscall === 'connect') return true;
    if (UNAVAILABLE_MESSAGES.some((words) => current instanceof Error && current.message.includes(words))) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/** PostgreSQL: 22021 (a NUL or a broken character in text), 22P05 (one it cannot store, as \u0000 in JSON). */
const UNSTORABLE_TEXT_SQLSTATE = new Set(['22021', '22P05']);
export const UNSTORABLE_TEXT_MESSAGE = 'Invalid request: text must not contain NUL or malformed characters';

/** Whether the database refused text a client sent (input that slipped past the contract): a 400, not a 500. */
export function isUnstorableText(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (UNSTORABLE_TEXT_SQLSTATE.has(String((current as { code?: unknown }).code))) return true;
  }
  return false;
}
