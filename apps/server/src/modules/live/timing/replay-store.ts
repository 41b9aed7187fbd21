import { byteLru, MB, memoryCache } from '../../../lib/cache';
import { HttpError } from '../../../lib/errors';

/** An archived session's files change while it is still being written, so a replay is fetched again after a while. */
export const REPLAY_SESSION_TTL_SECONDS = 600;
/** How long a missing session or an archive failure is remembered (and answered again without asking the archive). */
const REPLAY_FAILURE_TTL_MS = 30_000;
/** Replays prepared at once: a session's files and their parse are the heaviest work the server does. */
const PREPARED_AT_ONCE = 1;
/** Replays waiting their turn; one more is refused (503) rather than queued without end. */
const MAX_WAITING = 16;
const BUSY_RETRY_AFTER_SECONDS = 5;

export type ReplayStore = {
  /** The replay's JSON: kept, else prepared (in turn); a failure the archive gave lately is given again. */
  json(ref: string): Promise<string>;
  /** Bytes the kept replays take (never more than the budget). */
  readonly bytes: number;
};

/**
 * The replays this instance has prepared, kept within a byte budget (REPLAY_CACHE_MB, in process: a replay is a few
 * megabytes), prepared one at a time with a bounded queue, the same ref asked twice prepared once, and a 4xx/5xx
 * the preparation ended with (no such session, the archive failing) remembered briefly, so a repeated bad ref
 * costs the archive nothing.
 */
export function replayStore({ prepare, maxBytes, now = Date.now }: { prepare: (ref: string) => Promise<string>; maxBytes: number; now?: () => number }): ReplayStore {
  const kept = memoryCache({ maxBytes, now });
  const failures = byteLru<{ error: HttpError; until: number }>({ maxBytes: MB });
  const underWay = new Map<string, Promise<string>>();
  const inTurn = turns(PREPARED_AT_ONCE, MAX_WAITING);

  async function prepareAndKeep(ref: string): Promise<string> {
    try {
      const json = await inTurn(() => prepare(ref));
      await kept.set(ref, json, REPLAY_SESSION_TTL_SECONDS);
      return json;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode !== 503) failures.set(ref, { error, until: now() + REPLAY_FAILURE_TTL_MS }, error.message.length * 2);
      throw error;
    }
  }

  return {
    get bytes() {
      return kept.bytes;
    },
    async json(ref) {
      const hit = await kept.get(ref);
      if (hit !== undefined) return hit;
      const failed = failures.get(ref);
      if (failed && failed.until > now()) throw failed.error;
      let preparing = underWay.get(ref);
      if (!preparing) {
        preparing = prepareAndKeep(ref).finally(() => underWay.delete(ref));
        underWay.set(ref, preparing);
      }
      return preparing;
    },
  };
}

/** Runs work at most atOnce at a time, at most maxWaiting waiting; past that, 503 with Retry-After. */
function turns(atOnce: number, maxWaiting: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < atOnce) running += 1;
    else if (waiting.length < maxWaiting) await new Promise<void>((resolve) => waiting.push(resolve));
    else throw new HttpError(503, 'Too many replays are being prepared: try again in a few seconds', { headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) } });
    try {
      return await work();
    } finally {
      // A waiting one takes over this turn; else the turn is free.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
