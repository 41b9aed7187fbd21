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
