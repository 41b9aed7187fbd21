import { replaySession, type ReplaySession } from '@slipstream/contract/live-timing';
import type { ArchiveClient } from '../../../ingest/livetiming';
import type { LiveTimingSink } from '../../../ingest/livetiming/feed/sink';
import { replaySessionJson } from './replay';

/** When the recorded sessions are played as if live: any instant works, the offsets only have to add to it. */
const PLAYED_FROM = Date.parse('2025-05-03T15:00:00Z');

/**
 * Feeds a recorded session into a sink as a live feed would: an empty state on subscribe, then every message in
 * order; `between` runs after each `every` messages (a test advances its timers there).
 */
export function playIntoSink(replay: ReplaySession, sink: LiveTimingSink, options: { every?: number; between?: () => void } = {}): void {
  sink.reset(replay.session, {});
  replay.messages.forEach(([topic, offsetMs, delta], index) => {
    sink.apply(replay.topics[topic]!, delta, new Date(PLAYED_FROM + offsetMs).toISOString());
    if (options.every && (index + 1) % options.every === 0) options.between?.();
  });
}

/** A recorded session as the replay endpoint sends it, read back through the contract. */
export async function recordedReplay(client: ArchiveClient, session: ReplaySession['session']): Promise<ReplaySession> {
  return replaySession.parse(JSON.parse(await replaySessionJson(client, session)));
}
