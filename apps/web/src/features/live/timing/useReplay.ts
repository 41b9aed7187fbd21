import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { applyDelta, deriveTower } from '@slipstream/contract/live-timing';
import type { ReplaySession, Tower } from '@slipstream/contract';
import { api } from '../../../lib/api';

/** The replay moves on, and the tower is drawn again, this often: the live tower's pace (five a second). */
const REPLAY_TICK_MS = 200;
/** A replay opens this long before the session started: cars on the grid, or the pit lane opening. */
const LEAD_IN_MS = 60_000;

export type ReplayState = {
  session: ReplaySession['session'];
  tower: Tower;
  /** Milliseconds from the start of the recording. */
  position: number;
  start: number;
  end: number;
  playing: boolean;
  speed: number;
  play(): void;
  pause(): void;
  seek(position: number): void;
  setSpeed(speed: number): void;
};

/** The archived session as the page downloads it once: the same messages a live feed sends, with their times. */
export function useReplaySession(ref: string | null) {
  return useQuery({ queryKey: ['live', 'replay', ref], queryFn: () => api('replaySession', { query: { ref: ref! } }), enabled: ref !== null, staleTime: Number.POSITIVE_INFINITY });
}

/** Every this many messages the player keeps the topics' state, so a seek back starts from there, not from the start. */
const CHECKPOINT_EVERY = 1000;

type Checkpoint = { cursor: number; topics: Record<string, unknown> };
type Player = { topics: Record<string, unknown>; cursor: number; position: number; checkpoints: Checkpoint[] };

function newPlayer(): Player {
  return { topics: {}, cursor: 0, position: 0, checkpoints: [{ cursor: 0, topics: {} }] };
}

/**
 * Moves a player to a moment: forward by applying the messages up to it, back from the last checkpoint before it.
 * applyDelta never changes a state it is given, so a checkpoint is a shallow copy of the topics.
 */
function advance(player: Player, replay: ReplaySession, target: number): void {
  if (player.cursor > 0 && (replay.messages[player.cursor - 1]?.[1] ?? 0) > target) {
    const checkpoint = player.checkpoints.findLast(({ cursor }) => cursor === 0 || replay.messages[cursor - 1]![1] <= target)!;
    player.topics = { ...checkpoint.topics };
    player.cursor = checkpoint.cursor;
  }
  while (player.cursor < replay.messages.length && replay.messages[player.cursor]![1] <= target) {
    const [topic, , delta] = replay.messages[player.cursor]!;
    const name = replay.topics[topic]!;
    player.topics[name] = applyDelta(player.topics[name], delta);
    player.cursor += 1;
    if (player.cursor % CHECKPOINT_EVERY === 0 && player.checkpoints.at(-1)!.cursor < player.cursor) {
      player.checkpoints.push({ cursor: player.cursor, topics: { ...player.topics } });
    }
  }
  player.position = target;
}

/**
 * Plays an archived session in the browser with the feed's own merge (applyDelta) and the tower's derivation, as
 * the server does for a live feed. It starts paused a minute before the session started; give the component
 * using it a key per session, so another session starts afresh.
 */
export function useReplay(replay: ReplaySession): ReplayState {
  const [range] = useState(() => replayRange(replay));
  const [player] = useState<Player>(() => {
    const created = newPlayer();
    advance(created, replay, range.start);
    return created;
  });
  const [position, setPosition] = useState(range.start);
  const [tower, setTower] = useState(() => deriveTower(player.topics));
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(20);

  const moveTo = useCallback(
    (target: number) => {
      advance(player, replay, Math.max(range.start, Math.min(range.end, target)));
      setPosition(player.position);
      setTower(deriveTower(player.topics));
    },
    [player, replay, range],
  );

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      moveTo(player.position + REPLAY_TICK_MS * speed);
      if (player.position >= range.end) setPlaying(false);
    }, REPLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [playing, speed, range, player, moveTo]);

  return {
    session: replay.session,
    tower,
    position,
    ...range,
    playing,
    speed,
    play: () => setPlaying(true),
    pause: () => setPlaying(false),
    seek: moveTo,
    setSpeed,
  };
}

/** From a minute before the session started (or the first message) to the last message. */
function replayRange(replay: ReplaySession): { start: number; end: number } {
  const status = replay.topics.indexOf('SessionStatus');
  const started = replay.messages.find(([topic, , delta]) => topic === status && (delta as { Status?: unknown } | null)?.Status === 'Started');
  const first = replay.messages[0]?.[1] ?? 0;
  const end = replay.messages.at(-1)?.[1] ?? 0;
  return { start: started ? Math.max(first, started[1] - LEAD_IN_MS) : first, end };
}
