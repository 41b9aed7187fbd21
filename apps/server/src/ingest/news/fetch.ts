/** Fetching one feed document over HTTP: conditional, bounded in time and in size. */

import { describeNetworkError, readCapped } from '../../lib/http-body';

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
    const bytes = await readCapped(response, limits.maxBytes, () => new FeedFetchError(`feed larger than ${limits.maxBytes} bytes: refused`));
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
