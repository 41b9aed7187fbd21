import { randomBytes } from 'node:crypto';
import type { RedisLink } from '../../../lib/redis';
import type { FeedLog } from './client';
import { mergedLiveTiming, teeSink, type LiveTimingSnapshot } from './merged-state';
import type { LiveTimingSession, LiveTimingSink } from './sink';

const LOCK_KEY = 'slipstream:livetiming:feed-holder';
const SNAPSHOT_KEY = 'slipstream:livetiming:state';
const CHANNEL = 'slipstream:livetiming:feed';
/** The merged state stays in Redis this long after its last write, for instances that start after the session. */
const SNAPSHOT_TTL_MS = 12 * 60 * 60 * 1000;

/** Renews the lock when this instance holds it, takes it when nobody does; 1 when this instance holds it after. */
const HOLD_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] or not holder then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** One call of the holder's sink as it goes through Redis: numbered per holder, so a follower sees a gap. */
type Relayed = { holder: string; seq: number } & (
  | { kind: 'reset'; session: LiveTimingSession; state: Record<string, unknown> }
  | { kind: 'apply'; topic: string; delta: unknown; at: string }
  | { kind: 'end' }
);
type StoredSnapshot = LiveTimingSnapshot & { holder: string; seq: number };

/** What the holder runs while it holds the feed: given the sink to feed, it returns how to stop. */
export type FeedRun = (sink: LiveTimingSink) => { stop(): Promise<void> };

export type FeedHolderOptions = {
  /** Unset: this instance alone, it holds the feed. */
  redis?: RedisLink;
  /** This instance's sink: fed by the feed while holding, by the holder through Redis otherwise. */
  sink: LiveTimingSink;
  run: FeedRun;
  log: FeedLog;
  /** How long the lock outlives its holder's last renewal (default 15 s): a holder that dies is replaced after it. */
  lockTtlMs?: number;
  /** How often the holder renews and the others try to take the lock (default 5 s). */
  renewMs?: number;
  /** How often, at most, the holder writes the merged state to Redis for followers that join or missed a message (default 1 s). */
  snapshotMs?: number;
};

export type FeedHolder = {
  readonly holding: boolean;
  readonly id: string;
  /** Stops the feed if held (the local sink is told it ended), gives the lock back and stops following. */
  stop(): Promise<void>;
};

/**
 * One feed per deployment. With Redis, the instances race for a lock with an expiry; the winner renews it and runs
 * the feed, sending each reset/apply/end through Redis pub/sub (and the merged state, at most every snapshotMs, to a
 * key); the others pass what they receive to their own sink. A follower that joins or misses a message reads the
 * merged state and applies what came after it. A holder that stops gives the lock back at once; one that dies loses
 * it after lockTtlMs, and the next to try takes over and starts with a fresh Subscribe. While Redis is unreachable
 * the holder keeps the feed (nobody else can take the lock) and the others wait. Without Redis this instance holds it.
 */
export function startFeedHolder(options: FeedHolderOptions): FeedHolder {
  const id = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const { redis, sink, run, log } = options;
  if (!redis) return holdAlone(id, sink, run);

  const lockTtlMs = options.lockTtlMs ?? 15_000;
  const renewMs = options.renewMs ?? 5000;
  const snapshotMs = options.snapshotMs ?? 1000;
  const follower = followRelay(redis, id, sink, log);
  let held: { stop(): Promise<void> } | undefined;
  let stopped = false;
  let busy: Promise<void> = Promise.resolve();

  const hold = () => {
    log.info({ holder: id }, 'live timing feed: this instance holds the feed');
    follower.pause();
    const relay = relaySink(redis, id, snapshotMs);
    const running = run(teeSink(sink, relay));
    held = {
      async stop() {
        await running.stop();
        relay.close();
      },
    };
  };
  const stepDown = async (reason: string) => {
    log.warn({ holder: id }, `live timing feed: ${reason}; stopping the feed here`);
    const stopping = held;
    held = undefined;
    await stopping?.stop();
    follower.resume();
  };

  const attempt = async () => {
    const outcome = await redis.attempt(
      async (client) => ((await client.eval(HOLD_SCRIPT, 1, LOCK_KEY, id, lockTtlMs)) === 1 ? 'holding' : 'taken'),
      async () => 'unreachable' as const,
    );
    if (stopped) return;
    if (outcome === 'holding' && !held) hold();
    else if (outcome === 'taken' && held) await stepDown('another instance holds the lock');
  };
  const tick = () => {
    busy = busy.then(attempt).catch((error: unknown) => log.warn({ err: (error as Error).message }, 'live timing feed: the holder check failed'));
  };
  tick();
  const timer = setInterval(tick, renewMs);

  return {
    id,
    get holding() {
      return held !== undefined;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await busy;
      follower.close();
      if (held) {
        const stopping = held;
        held = undefined;
        await stopping.stop();
        sink.end();
        await redis.attempt((client) => client.eval(RELEASE_SCRIPT, 1, LOCK_KEY, id), async () => 0);
      }
    },
  };
}

function holdAlone(id: string, sink: LiveTimingSink, run: FeedRun): FeedHolder {
  const running = run(sink);
  let holding = true;
  return {
    id,
    get holding() {
      return holding;
    },
    async stop() {
      holding = false;
      await running.stop();
      sink.end();
    },
  };
}

/**
 * The holder's side: the calls of one turn of the event loop go out together, in order, as one published batch (a
 * burst of deltas is one Redis command, not hundreds); the merged state is written with the number of the last call
 * it includes: at once on reset and end, else at most every snapshotMs.
 */
function relaySink(redis: RedisLink, holder: string, snapshotMs: number): LiveTimingSink & { close(): void } {
  const merged = mergedLiveTiming();
  let seq = 0;
  let batch: Relayed[] = [];
  let snapshotTimer: NodeJS.Timeout | undefined;
  const flush = () => {
    const messages = batch;
    batch = [];
    void redis.attempt((client) => client.publish(CHANNEL, JSON.stringify(messages)), async () => 0);
  };
  const publish = (message: Relayed) => {
    if (batch.length === 0) setImmediate(flush);
    batch.push(message);
  };
  const writeSnapshot = () => {
    clearTimeout(snapshotTimer);
    snapshotTimer = undefined;
    const snapshot: StoredSnapshot = { ...merged.snapshot(), holder, seq };
    void redis.attempt(
      async (client) => client.set(SNAPSHOT_KEY, JSON.stringify(snapshot), 'PX', SNAPSHOT_TTL_MS),
      // Followers heal from the merged state: one that could not be written is written again later.
      async () => {
        snapshotTimer ??= setTimeout(writeSnapshot, Math.max(snapshotMs, 1000));
        return null;
      },
    );
  };
  return {
    reset(session, state) {
      merged.reset(session, state);
      seq += 1;
      publish({ holder, seq, kind: 'reset', session, state: { ...state } });
      writeSnapshot();
    },
    apply(topic, delta, at) {
      merged.apply(topic, delta, at);
      seq += 1;
      publish({ holder, seq, kind: 'apply', topic, delta, at });
      snapshotTimer ??= setTimeout(writeSnapshot, snapshotMs);
    },
    end() {
      merged.end();
      seq += 1;
      publish({ holder, seq, kind: 'end' });
      writeSnapshot();
    },
    close() {
      clearTimeout(snapshotTimer);
    },
  };
}

/** How many relayed calls a follower keeps while it waits for a merged state to apply them to. */
const MAX_WAITING = 50_000;
/** A follower that heard nothing this long compares its place with the merged state (a lost last batch). */
const IDLE_CHECK_MS = 5000;

/**
 * A follower's side: calls from the current holder, numbered one after the other, go to the sink. A reset always
 * applies. Anything else (joining mid-session, a lost batch, a new holder without its reset) waits, and the merged
 * state in Redis is read: once it is no older than the first waiting call, the sink is reset with it and the later
 * calls are applied. A follower that has heard nothing for a while checks that the merged state is not ahead of it.
 */
function followRelay(redis: RedisLink, self: string, sink: LiveTimingSink, log: FeedLog) {
  let active = true;
  let holder: string | undefined;
  let seq = 0;
  let synced = false;
  let waiting: Relayed[] = [];
  let reading = false;
  let heardAt = Date.now();
  let checkedAt = 0;

  const deliver = (message: Relayed) => {
    if (message.kind === 'reset') sink.reset(message.session, message.state);
    else if (message.kind === 'apply') sink.apply(message.topic, message.delta, message.at);
    else sink.end();
    holder = message.holder;
    seq = message.seq;
  };

  const syncFrom = (snapshot: StoredSnapshot) => {
    const later = waiting.filter((message) => message.holder === snapshot.holder && message.seq > snapshot.seq).sort((a, b) => a.seq - b.seq);
    if (!later.every((message, index) => message.seq === snapshot.seq + index + 1)) return;
    if (snapshot.session) sink.reset(snapshot.session, snapshot.state);
    if (snapshot.ended) sink.end();
    holder = snapshot.holder;
    seq = snapshot.seq;
    later.forEach(deliver);
    waiting = [];
    synced = true;
  };

  const readSnapshot = async () => {
    if (!active || reading) return;
    reading = true;
    try {
      const text = await redis.attempt((client) => client.get(SNAPSHOT_KEY), async () => null);
      if (!active || !text) return;
      const snapshot = JSON.parse(text) as StoredSnapshot;
      if (synced && (snapshot.holder !== holder || snapshot.seq > seq)) {
        synced = false;
        waiting = [];
      }
      if (!synced) syncFrom(snapshot);
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'live timing feed: could not read the merged state from Redis');
    } finally {
      reading = false;
    }
  };

  const follow = (message: Relayed) => {
    if (message.holder === self) return;
    heardAt = Date.now();
    if (message.kind === 'reset' || (synced && message.holder === holder && message.seq === seq + 1)) {
      deliver(message);
      synced = true;
      waiting = [];
      return;
    }
    synced = false;
    waiting.push(message);
    if (waiting.length > MAX_WAITING) waiting.shift();
  };

  const onMessage = (channel: string, payload: string) => {
    if (channel !== CHANNEL || !active) return;
    for (const message of JSON.parse(payload) as Relayed[]) follow(message);
  };

  const watch = () => {
    const idle = Date.now() - heardAt > IDLE_CHECK_MS && Date.now() - checkedAt > IDLE_CHECK_MS;
    if (synced && !idle) return;
    checkedAt = Date.now();
    void readSnapshot();
  };
  const watcher = setInterval(watch, 500);

  void redis.subscriber.subscribe(CHANNEL).catch(() => undefined);
  redis.subscriber.on('message', onMessage);
  void readSnapshot();
  return {
    /** While this instance holds the feed its sink is fed directly. */
    pause() {
      active = false;
    },
    /** Back to following: the merged state is read first, since this instance's own may be behind the new holder's. */
    resume() {
      active = true;
      synced = false;
      waiting = [];
      void readSnapshot();
    },
    close() {
      active = false;
      clearInterval(watcher);
      redis.subscriber.off('message', onMessage);
      void redis.subscriber.unsubscribe(CHANNEL).catch(() => undefined);
    },
  };
}
