/**
 * F1 live timing sends each topic as a first message with the whole state, then deltas. The same merge serves
 * the archive's `.jsonStream` files, replays (the state at any moment) and a live feed client.
 */

import { applyDelta } from '@slipstream/contract/live-timing';

export { applyDelta };

/** A topic's state: plain JSON. */
export type TopicState = unknown;

/** One line of a `.jsonStream` file: the session-relative time it was sent, and its delta. */
export type StreamMessage = { offsetMs: number; delta: unknown };

/** A line that could not be read, kept so a caller can report it; the other lines still apply. */
export type StreamLineError = { line: number; reason: string };

const OFFSET = /^(\d+):([0-5]\d):([0-5]\d)\.(\d{3})/;

function offsetOf(match: RegExpExecArray): number {
  const [hours, minutes, seconds, millis] = match.slice(1, 5).map(Number) as [number, number, number, number];
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
}

/** "01:47:18.325" as milliseconds. */
export function parseOffset(text: string): number | undefined {
  const match = OFFSET.exec(text);
  return match && match[0] === text ? offsetOf(match) : undefined;
}

/** The time offset that starts a `.jsonStream` line, in milliseconds. */
export function lineOffset(line: string): number | undefined {
  const match = OFFSET.exec(line.replace(/^\uFEFF/, ''));
  return match ? offsetOf(match) : undefined;
}

/**
 * The lines of a `.jsonStream` file (`HH:MM:SS.mmm` then the JSON delta; a byte-order mark may start it), in file
 * order. The text is walked line by line rather than split, so a large file is not held twice.
 */
export function parseJsonStream(text: string): { messages: StreamMessage[]; errors: StreamLineError[] } {
  const messages: StreamMessage[] = [];
  const errors: StreamLineError[] = [];
  let start = text.startsWith('\uFEFF') ? 1 : 0;
  for (let number = 1; start < text.length; number += 1) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    start = end + 1;
    if (line.trim() === '') continue;
    const match = OFFSET.exec(line);
    if (!match) {
      errors.push({ line: number, reason: 'no HH:MM:SS.mmm time at the start' });
      continue;
    }
    try {
      messages.push({ offsetMs: offsetOf(match), delta: JSON.parse(line.slice(match[0].length)) });
    } catch (error) {
      errors.push({ line: number, reason: `not JSON after the time: ${(error as Error).message}` });
    }
  }
  return { messages, errors };
}

/** The topic's state once every message sent at or before `atMs` has been applied (the final state by default). */
export function stateAt(messages: readonly StreamMessage[], atMs = Number.POSITIVE_INFINITY): TopicState {
  let state: TopicState = undefined;
  for (const message of messages) if (message.offsetMs <= atMs) state = applyDelta(state, message.delta);
  return state;
}
