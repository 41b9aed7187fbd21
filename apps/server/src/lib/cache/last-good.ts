import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { byteLru, textBytes } from './lru';
import { encodingKey } from './prepared';

/**
 * The last good answer of every shareable GET, kept per URL (and encoding) as it was sent, so that while the
 * database cannot be reached every F1 read already answered keeps answering, the same bytes with an Age header
 * (docs/deploy.md says what does and what does not). Shareable: a 200 to a request without Authorization, with a
 * Cache-Control that is neither private nor no-store, and no Set-Cookie. At most maxBytes are kept, the least
 * recently sent out first, and no answer over a sixteenth of that (a replay, which needs no database, would push
 * out dozens of F1 answers). One per app: it is the app's error handler that answers from it.
 */
export type LastGoodAnswers = {
  /** Answers from the last good answer to this request's URL, when there is one: true once it is sent. */
  answer(request: FastifyRequest, reply: FastifyReply): boolean;
  /** Bytes kept now (never more than the budget). */
  readonly bytes: number;
};

type Kept = { headers: Record<string, string | string[]>; body: Buffer | string; madeAt: number };

/** Headers that belong to one sending, not to the answer. */
const NOT_KEPT_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'age']);

export function lastGoodAnswers({ maxBytes, now = Date.now }: { maxBytes: number; now?: () => number }): LastGoodAnswers & { record(request: FastifyRequest, reply: FastifyReply, payload: unknown): void } {
  const kept = byteLru<Kept>({ maxBytes });
  const maxAnswerBytes = maxBytes / 16;
  const replayed = new WeakSet<FastifyReply>();
  const keyOf = (request: FastifyRequest) => `${encodingKey(request.headers)} ${request.url}`;

  return {
    get bytes() {
      return kept.bytes;
    },
    record(request, reply, payload) {
      if (replayed.has(reply) || !isShareable(request, reply) || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return;
      const bodyBytes = typeof payload === 'string' ? textBytes(payload) : payload.length;
      if (bodyBytes > maxAnswerBytes) return kept.delete(keyOf(request));
      const headers: Kept['headers'] = {};
      let headerBytes = 0;
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined || NOT_KEPT_HEADERS.has(name)) continue;
        headers[name] = Array.isArray(value) ? value : String(value);
        headerBytes += textBytes(name) + textBytes(String(value));
      }
      kept.set(keyOf(request), { headers, body: payload, madeAt: now() }, bodyBytes + headerBytes);
    },
    answer(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const last = kept.get(keyOf(request));
      if (!last) return false;
      replayed.add(reply);
      const ageSeconds = Math.max(0, Math.floor((now() - last.madeAt) / 1000));
      reply.status(200).headers(last.headers).header('age', String(ageSeconds)).send(last.body);
      return true;
    },
  };
}

function isShareable(request: FastifyRequest, reply: FastifyReply): boolean {
  const cacheControl = reply.getHeader('cache-control');
  return (
    request.method === 'GET' &&
    reply.statusCode === 200 &&
    request.headers.authorization === undefined &&
    typeof cacheControl === 'string' &&
    !/private|no-store/i.test(cacheControl) &&
    !reply.hasHeader('set-cookie')
  );
}

/**
 * Records every answer as it leaves (after compress and etag, so it is kept in the encoding it was sent in).
 * Answers sent as a stream are not kept.
 */
export const lastGoodPlugin = fp<{ lastGood: ReturnType<typeof lastGoodAnswers> }>(
  async (app, { lastGood }) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      lastGood.record(request, reply, payload);
      done(null, payload);
    });
  },
  { name: 'last-good' },
);
