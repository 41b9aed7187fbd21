import type { StreamMessage, TopicState } from './stream';

/** What the derivations read of one car's TimingData line; every field may be missing. */
export type TimingLine = {
  racingNumber: string;
  Position?: string;
  Line?: number;
  GapToLeader?: string;
  IntervalToPositionAhead?: { Value?: string };
  Retired?: boolean;
  Stopped?: boolean;
  InPit?: boolean;
  NumberOfLaps?: number;
  BestLapTime?: { Value?: string; Lap?: number };
  BestLapTimes?: Record<string, { Value?: string; Lap?: number } | undefined> | ({ Value?: string; Lap?: number } | undefined)[];
};

/** A topic as read from the archive: its final state and, when the `.jsonStream` was there, every message. */
export type TopicRead = { state: TopicState; messages?: StreamMessage[] };

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The cars of a TimingData (or TimingAppData) state, keyed by racing number. */
export function timingLines(state: TopicState): Record<string, Record<string, unknown>> {
  const lines = objectOf(objectOf(state).Lines);
  return Object.fromEntries(Object.entries(lines).filter(([, line]) => typeof line === 'object' && line !== null)) as Record<
    string,
    Record<string, unknown>
  >;
}

/** The cars in the archive's order (Position, else Line). */
export function linesInOrder(state: TopicState): TimingLine[] {
  const order = (line: TimingLine) => Number(line.Position ?? line.Line ?? Number.MAX_SAFE_INTEGER);
  return Object.entries(timingLines(state))
    .map(([racingNumber, line]) => ({ ...line, racingNumber }) as TimingLine)
    .sort((a, b) => order(a) - order(b) || Number(a.racingNumber) - Number(b.racingNumber));
}

/** The session's status now ("Started", "Finished", "Finalised", "Ends"...). */
export function sessionStatus(state: TopicState): string | undefined {
  const status = objectOf(state).Status;
  return typeof status === 'string' ? status : undefined;
}

/** When the session (for a race: the race) first started, as a time offset; undefined without the status history. */
export function firstStartOffset(statusMessages: readonly StreamMessage[] | undefined): number | undefined {
  return statusMessages?.find((message) => objectOf(message.delta).Status === 'Started')?.offsetMs;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
