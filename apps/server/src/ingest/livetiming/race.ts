import type { CarRow, FastestLapRow, RaceResultRow } from './rows';
import { stateAt, type StreamMessage } from './stream';
import { formatGap, formatLapsBehind, parseLapsBehind, parseTime } from '../../modules/f1/lap-times';
import { firstStartOffset, linesInOrder, text, timingLines, type TimingLine, type TopicRead } from './timing';

export type RaceInput = {
  timing: TopicRead;
  /** TimingAppData: the grid (GridPos). */
  appData: TopicRead | undefined;
  /** SessionStatus: when the race started. */
  status: TopicRead | undefined;
};

/** F1's rule: a car is classified once it covered 90% of the winner's laps, rounded down. */
function classifiedLaps(winnerLaps: number): number {
  return Math.floor(winnerLaps * 0.9);
}

/**
 * The race (or sprint) classification as the timing screen ends it: positions in its order, laps, and gaps and
 * intervals as it shows them (with the time penalties the stewards gave during the race already added). The feed
 * carries no total race time and no reason for a retirement, so `time` and `reasonRetired` stay empty.
 */
export function deriveRaceResults(input: RaceInput): CarRow<RaceResultRow>[] {
  const lines = linesInOrder(input.timing.state);
  const winnerLaps = lines[0]?.NumberOfLaps ?? 0;
  const start = raceStart(input);
  const grid = gridPositions(input, start);
  let position = 0;
  return lines.map((line) => {
    const laps = line.NumberOfLaps;
    const started = start ? start.tookTheStart.has(line.racingNumber) || laps !== undefined : true;
    const running = !line.Retired && !line.Stopped;
    const classified = started && laps !== undefined && laps >= classifiedLaps(winnerLaps) && winnerLaps > 0;
    const rowPosition: RaceResultRow['position'] = !started ? 'DNS' : classified ? ++position : running ? 'NC' : 'DNF';
    return {
      racingNumber: line.racingNumber,
      position: rowPosition,
      laps: started ? (laps ?? 0) : null,
      time: null,
      timePenalty: null,
      ...(classified && position > 1 ? gapAndInterval(line) : { gap: null, interval: null }),
      reasonRetired: null,
      points: undefined,
      gridPosition: grid.get(line.racingNumber) ?? null,
    };
  });
}

/** F1DB writes a lapped car's gap as "+1 lap" and leaves its interval empty. */
function gapAndInterval(line: TimingLine): { gap: string | null; interval: string | null } {
  const lapsBehind = parseLapsBehind(line.GapToLeader);
  if (lapsBehind !== undefined) return { gap: formatLapsBehind(lapsBehind), interval: null };
  const gap = parseTime(line.GapToLeader);
  const interval = parseTime(line.IntervalToPositionAhead?.Value);
  return { gap: gap === undefined ? null : formatGap(gap), interval: interval === undefined ? null : formatGap(interval) };
}

type RaceStart = { offsetMs: number; tookTheStart: Set<string> };

/**
 * Who took the start, from the history: a car that shows a gap, an interval or a lap after the start. A car that
 * stopped before (a crash on the way to the grid) never does, and did not start; without the history every car
 * counts as started.
 */
function raceStart({ timing, status }: RaceInput): RaceStart | undefined {
  const offsetMs = firstStartOffset(status?.messages);
  if (offsetMs === undefined || !timing.messages) return undefined;
  const tookTheStart = new Set<string>();
  for (const message of timing.messages) {
    if (message.offsetMs < offsetMs) continue;
    for (const [racingNumber, line] of Object.entries(timingLines(message.delta))) {
      const interval = (line.IntervalToPositionAhead as { Value?: unknown } | undefined)?.Value;
      if (text(line.GapToLeader) || text(interval) || typeof line.NumberOfLaps === 'number') tookTheStart.add(racingNumber);
    }
  }
  return { offsetMs, tookTheStart };
}

/**
 * TimingAppData's GridPos; PL for a car still in the pit lane when the race started while the field was on the
 * grid. When every car was in the pit lane then (a start after a delay, from the pits) the feed cannot tell, and
 * the grid slot stands.
 */
function gridPositions(input: RaceInput, start: RaceStart | undefined): Map<string, number | 'PL'> {
  const grid = new Map<string, number | 'PL'>();
  for (const [racingNumber, line] of Object.entries(timingLines(input.appData?.state))) {
    const slot = Number(text(line.GridPos));
    if (Number.isInteger(slot) && slot > 0) grid.set(racingNumber, slot);
  }
  for (const racingNumber of pitLaneStarters(input.timing.messages, start)) grid.set(racingNumber, 'PL');
  return grid;
}

function pitLaneStarters(messages: readonly StreamMessage[] | undefined, start: RaceStart | undefined): string[] {
  if (!messages || !start) return [];
  const lines = Object.entries(timingLines(stateAt(messages, start.offsetMs)));
  const inPit = lines.filter(([, line]) => line.InPit === true).map(([racingNumber]) => racingNumber);
  return inPit.length * 2 < lines.length ? inPit : [];
}

/** Every car's best lap, fastest first (a tie goes to the earlier lap), like fastest-laps.yml. */
export function deriveFastestLaps(timing: TopicRead): CarRow<FastestLapRow>[] {
  const laps = linesInOrder(timing.state).flatMap((line) => {
    const time = text(line.BestLapTime?.Value);
    const ms = parseTime(time);
    return time && ms !== undefined ? [{ racingNumber: line.racingNumber, time, ms, lap: line.BestLapTime?.Lap ?? null }] : [];
  });
  laps.sort((a, b) => a.ms - b.ms || (a.lap ?? Infinity) - (b.lap ?? Infinity));
  return laps.map(({ racingNumber, time, ms, lap }, index) => ({
    racingNumber,
    position: index + 1,
    lap,
    time,
    gap: index === 0 ? null : formatGap(ms - laps[0]!.ms),
  }));
}
