/** Reading answers of servers we call: bodies bounded in size, network failures described. */

/**
 * Reads the body, refusing it (without reading the rest) once it passes maxBytes: `tooLarge()` is thrown. Each
 * chunk is also counted against `shared` when given (a budget several bodies draw on), which may refuse it too.
 */
export async function readCapped(response: Response, maxBytes: number, tooLarge: () => Error, shared?: SharedBudget): Promise<Uint8Array> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes || (shared && !shared.take(value.byteLength))) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Bytes several downloads may take in all. */
export type SharedBudget = { take(bytes: number): boolean; readonly maxBytes: number };

export function sharedBudget(maxBytes: number): SharedBudget {
  let taken = 0;
  return {
    maxBytes,
    take(bytes) {
      taken += bytes;
      return taken <= maxBytes;
    },
  };
}

/** fetch() says only "fetch failed"; the cause says why (ECONNREFUSED, ENOTFOUND host...). */
export function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.message) return cause.message;
  if (cause?.code) return cause.code;
  return error instanceof Error ? error.message : String(error);
}
