/**
 * F1 live timing sends each topic as a first message with the whole state, then deltas. The same merge serves
 * the archive's `.jsonStream` files, replays (the state at any moment) and a live feed client.
 */

import { applyDelta } from '@slipstream/contract/live-timing';

export { applyDelta };

/** A topic's state: plain JSON. */
export type TopicState = unknown;

/** One line of a `.jsonStream` file: the session-relative time it was sent, and its delta (parsed, or its JSON text). */
export type StreamMessage<Delta = unknown> = { offsetMs: number; delta: Delta };

/** A line that could not be read, kept so a caller can report it; the other lines still apply. */
export type StreamLineError = { line: number; reason: string };

const OFFSET = /^(\d+):([0-5]\d):([0-5]\d)\.(\d{3})/;

function offsetOf(match: RegExpExecArray): number {
  return ((Number(match[1]) * 60 + Number(match[2])) * 60 + Number(match[3])) * 1000 + Number(match[4]);
}

/** A delta's JSON text as it came, once it has been checked to be JSON: for an answer that passes deltas on unchanged. */
export function checkedJsonText(json: string): string {
  JSON.parse(json);
  return json;
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
 * order. The text is walked line by line rather than split, so a large file is not held twice. `readDelta` turns a
 * line's JSON into its delta and throws on what is not JSON (JSON.parse, or checkedJsonText to keep the text).
 */
export function parseJsonStream<Delta = unknown>(text: string, readDelta: (json: string) => Delta = JSON.parse): { messages: StreamMessage<Delta>[]; errors: StreamLineError[] } {
  const messages: StreamMessage<Delta>[] = [];
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
      messages.push({ offsetMs: offsetOf(match), delta: readDelta(line.slice(match[0].length)) });
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
