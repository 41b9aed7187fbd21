/** Fetching one feed document over HTTP: conditional, bounded in time and in size. */

export type FeedValidators = { etag: string | null; lastModified: string | null };

export type FetchLimits = { timeoutMs: number; maxBytes: number; signal?: AbortSignal };

export type FeedDocument =
  | { status: 'not-modified' }
  | { status: 'fetched'; body: string; validators: FeedValidators };

/** A fetch that did not give a feed document; the message is what the sources API shows. */
export class FeedFetchError extends Error {}

const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';
const USER_AGENT = 'Slipstream news reader';

export async function fetchFeedDocument(url: string, validators: FeedValidators, limits: FetchLimits): Promise<FeedDocument> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = limits.signal ? AbortSignal.any([timeout, limits.signal]) : timeout;
  const headers: Record<string, string> = { accept: ACCEPT, 'user-agent': USER_AGENT };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  try {
    const response = await fetch(url, { headers, signal, redirect: 'follow' });
    if (response.status === 304) {
      await response.body?.cancel();
      return { status: 'not-modified' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new FeedFetchError(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    }
    const bytes = await readCapped(response, limits.maxBytes);
    return {
      status: 'fetched',
      body: decode(bytes, response.headers.get('content-type')),
      validators: { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') },
    };
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    if (timeout.aborted) throw new FeedFetchError(`timed out after ${limits.timeoutMs} ms`);
    // Stopped by our side (shutdown) says nothing about the feed: not recorded as its failure.
    if (limits.signal?.aborted) throw limits.signal.reason;
    throw new FeedFetchError(`network error: ${describeNetworkError(error)}`);
  }
}

/** Reads the body, refusing it (without reading the rest) once it passes maxBytes. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new FeedFetchError(`feed larger than ${maxBytes} bytes: refused`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
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
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The charset from Content-Type, else from the XML declaration, else UTF-8. */
function decode(bytes: Uint8Array, contentType: string | null): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const charset =
    /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ?? /<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** fetch() says only "fetch failed"; the cause says why (ECONNREFUSED, ENOTFOUND host...). */
function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.message) return cause.message;
  if (cause?.code) return cause.code;
  return error instanceof Error ? error.message : String(error);
}
