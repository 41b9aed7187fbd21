import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { PREPARED_BYTES } from './budgets';
import { byteLru } from './lru';

/**
 * Public JSON answers prepared once per distinct body: the ETag and the Brotli and gzip bytes are computed the
 * first time a body is sent and reused for every later request with the same body, instead of hashing and
 * compressing it again per request (the F1 answers are the same bytes for thousands of visitors). Bodies are
 * recognised by their text, so an answer that changes is simply prepared anew; the oldest are forgotten past
 * a byte budget.
 */
type Prepared = { etag: string; identity: Buffer; br?: Buffer; gzip?: Buffer; compressing?: Partial<Record<'br' | 'gzip', Promise<Buffer>>> };

/** Smaller answers go out as they are: compressing them saves less than it costs. */
const COMPRESS_THRESHOLD_BYTES = 1024;

// Keyed by the body's text, which the store counts with the key.
const prepared = byteLru<Prepared>({ maxBytes: PREPARED_BYTES });
const bytesOf = (entry: Prepared) => entry.identity.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);

function preparedFor(json: string): Prepared {
  const hit = prepared.get(json);
  if (hit) return hit;
  const identity = Buffer.from(json);
  const entry: Prepared = { etag: `"${crypto.createHash('sha1').update(identity).digest('base64')}"`, identity };
  prepared.set(json, entry, bytesOf(entry));
  return entry;
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The body in this encoding, compressed the first time in libuv's thread pool: Brotli of a page or a large answer
 * takes milliseconds, which the event loop would otherwise spend on it while other requests wait.
 */
function compressed(json: string, entry: Prepared, encoding: 'br' | 'gzip'): Buffer | Promise<Buffer> {
  const known = entry[encoding] ?? entry.compressing?.[encoding];
  if (known) return known;
  const compressing = (
    encoding === 'br'
      ? brotliCompress(entry.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length } })
      : gzip(entry.identity, { level: 6 })
  )
    .then((bytes) => {
      entry[encoding] = bytes;
      if (prepared.peek(json) === entry) prepared.set(json, entry, bytesOf(entry));
      return bytes;
    })
    // Done or failed, the next request looks again (a failure is not kept as the answer).
    .finally(() => delete entry.compressing?.[encoding]);
  // The requests for this body that come while it is compressed wait for the same bytes.
  entry.compressing = { ...entry.compressing, [encoding]: compressing };
  return compressing;
}

type Encoding = 'br' | 'gzip' | undefined;
/** Browsers send a handful of distinct headers: each is parsed once (a few µs, a fair share of a cached answer). */
const encodingByHeader = byteLru<{ encoding: Encoding }>({ maxBytes: 256 * 1024, maxEntries: 64 });

/** The encoding to send for an Accept-Encoding header: Brotli, else gzip, else none (q=0 refuses one). */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return undefined;
  const known = encodingByHeader.get(header);
  if (known) return known.encoding;
  const encoding = parseAcceptEncoding(header);
  encodingByHeader.set(header, { encoding }, 0);
  return encoding;
}

/** The encoding an answer to these request headers is sent in, as a cache key: "br", "gzip", "" (none) or "none" (refused). */
export function encodingKey(headers: IncomingHttpHeaders): string {
  return headers['x-no-compression'] === undefined ? (preferredEncoding(headers['accept-encoding']) ?? '') : 'none';
}

function parseAcceptEncoding(header: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/**
 * Sends a public JSON answer from its prepared form: the ETag (the etag plugin answers 304 with it), and the
 * compressed bytes the client accepts (the compress plugin leaves an encoded body alone).
 */
export function sendPreparedJson(reply: FastifyReply, json: string): Promise<FastifyReply> {
  return sendPrepared(reply, json, 'application/json; charset=utf-8');
}

/**
 * The same for any text, such as a page's HTML: pages are sent by the not-found handler, which the compress plugin
 * does not see (the schedule is 92 kB of HTML, 12 kB with Brotli). A Vary header already set is kept.
 */
export async function sendPrepared(reply: FastifyReply, body: string, type: string): Promise<FastifyReply> {
  const entry = preparedFor(body);
  reply.header('etag', entry.etag).type(type);
  if (entry.identity.length < COMPRESS_THRESHOLD_BYTES) return reply.send(entry.identity);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  if (!encoding || reply.request.headers['x-no-compression'] !== undefined) return reply.send(entry.identity);
  const bytes = await compressed(body, entry, encoding);
  return reply.header('content-encoding', encoding).send(bytes);
}

