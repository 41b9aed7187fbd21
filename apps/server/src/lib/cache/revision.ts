import { randomBytes } from 'node:crypto';
import type { Commits } from '../../db/commits';
import type { EventBus } from '../events';
import type { RedisLink } from '../redis';

/**
 * The one signal every cached read of the server follows: a token that moves whenever the data it answers from
 * may have changed. It moves when a write of this process commits (db/commits.ts) and on every event of the bus
 * (results stored, votes counted, here or on another instance). Cached reads key on it or are dropped when it
 * moves; a keep-time on top only bounds how late a write announced nowhere (psql, another process) is seen.
 *
 * With Redis (several instances) each local write also takes the next number of a counter shared by all
 * instances and publishes it; every instance moves to the highest number it has heard of. The token is that
 * number, so instances key the shared answer cache alike, and a number is only heard of after the write it
 * counts has committed. Until the write's own number comes back, this instance keys on a token of its own, so it
 * reads its write at once.
 */
export type DataRevision = {
  readonly current: string;
  /** Calls listener after every move; returns the unsubscribe function. */
  onMove(listener: () => void): () => void;
  close(): void;
};

export function dataRevision({ commits, events, redis }: { commits: Commits; events: EventBus; redis?: RedisLink }): DataRevision {
  const instance = randomBytes(4).toString('hex');
  const listeners = new Set<() => void>();
  /** The highest shared number heard of; 0 without Redis. */
  let shared = 0;
  /** Moves of this instance since it last adopted a shared number (then its token is its own). */
  let own = 0;
  /** Local writes whose shared number has not come back yet. */
  let unnumbered = 0;
  let current = '0';

  const update = () => {
    const next = own === 0 ? String(shared) : `${shared}.${instance}.${own}`;
    if (next === current) return;
    current = next;
    for (const listener of [...listeners]) listener();
  };
  const moveHere = () => {
    own += 1;
    update();
  };
  const hear = (number: number) => {
    if (number <= shared) return;
    shared = number;
    if (unnumbered === 0) own = 0;
    update();
  };

  const stopCommits = commits.subscribe(() => {
    moveHere();
    if (!redis) return;
    unnumbered += 1;
    void takeNumber(redis).then((number) => {
      unnumbered -= 1;
      if (number === undefined) return;
      // A number at least as high as this write's is only taken once the write has committed.
      if (unnumbered === 0) own = 0;
      shared = Math.max(shared, number);
      update();
    });
  });
  const stopEvents = events.subscribe(moveHere);
  const stopShared = redis ? followShared(redis, hear) : () => undefined;

  return {
    get current() {
      return current;
    },
    onMove(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      stopCommits();
      stopEvents();
      stopShared();
    },
  };
}

const COUNTER_KEY = 'slipstream:data-revision';
const CHANNEL = 'slipstream:data-revision';
/** Counts and tells in one step, so no instance hears a number before the counter holds it. */
const NUMBER_SCRIPT = `
local number = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', KEYS[2], number)
return number`;

/** The next shared number, or undefined while Redis is away (the instance then keys on its own token). */
function takeNumber(redis: RedisLink): Promise<number | undefined> {
  return redis.attempt(
    async (client) => Number(await client.eval(NUMBER_SCRIPT, 2, COUNTER_KEY, CHANNEL)),
    async () => undefined,
  );
}

/** Hears the numbers other instances take, starting from the counter as it stands. */
function followShared(redis: RedisLink, hear: (number: number) => void): () => void {
  const onMessage = (channel: string, message: string) => {
    if (channel === CHANNEL) hear(Number(message));
  };
  redis.subscriber.on('message', onMessage);
  void redis.subscriber.subscribe(CHANNEL).catch(() => undefined);
  void redis.attempt(
    async (client) => hear(Number((await client.get(COUNTER_KEY)) ?? 0)),
    async () => undefined,
  );
  return () => {
    redis.subscriber.off('message', onMessage);
  };
}
