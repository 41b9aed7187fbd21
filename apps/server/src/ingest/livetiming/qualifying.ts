import type { CarRow, QualifyingResultRow } from './rows';
import { formatGap, parseTime } from '../../modules/f1/lap-times';
import { linesInOrder, text, timingLines, type TimingLine, type TopicRead } from './timing';

/** Q1, Q2 and Q3 are parts 0, 1 and 2 of a knockout qualifying's BestLapTimes. */
const PARTS = [0, 1, 2] as const;

/**
 * A lap time cleared for one car is a deletion (track limits); cleared for many cars in one message it is the feed
 * emptying its screen for the next part, which must not lose their times (older feeds did this to the cars that
 * went through to Q3).
 */
const SCREEN_RESET_CARS = 3;

type PartTimes = Map<string, (string | undefined)[]>;

function bestLapTime(line: Record<string, unknown> | TimingLine, part: number): { Value?: unknown } | undefined {
  const times = line.BestLapTimes as Record<string, { Value?: unknown } | undefined> | undefined;
  return times?.[String(part)];
}

/** Each car's best time in each part, followed through the history when there is one. */
function partTimes(timing: TopicRead): PartTimes {
  const times: PartTimes = new Map();
  if (!timing.messages) {
    for (const line of linesInOrder(timing.state)) times.set(line.racingNumber, PARTS.map((part) => text(bestLapTime(line, part)?.Value)));
    return times;
  }
  for (const { delta } of timing.messages) {
    const lines = Object.entries(timingLines(delta));
    for (const part of PARTS) {
      const cleared = lines.filter(([, line]) => bestLapTime(line, part)?.Value === '').length;
      for (const [racingNumber, line] of lines) {
        const value = bestLapTime(line, part)?.Value;
        if (typeof value !== 'string' || (value === '' && cleared >= SCREEN_RESET_CARS)) continue;
        const car = times.get(racingNumber) ?? [];
        car[part] = text(value);
        times.set(racingNumber, car);
      }
    }
  }
  return times;
}

/** F1's 107% rule: a Q1 time slower than 107% of the fastest is outside the qualifying cut-off. */
const CUT_OFF = 1.07;

/**
 * A knockout qualifying (or sprint qualifying / shootout) in the timing screen's final order: each part's best
 * time, and for those who set a time in the last part the gap to pole, as F1DB writes them. A car with no time,
 * or with a Q1 time outside the 107% cut-off, is not classified (NC).
 */
export function deriveQualifyingResults(timing: TopicRead): CarRow<QualifyingResultRow>[] {
  const times = partTimes(timing);
  const lines = linesInOrder(timing.state);
  const q1Times = lines.map((line) => parseTime(times.get(line.racingNumber)?.[0])).filter((ms) => ms !== undefined);
  const cutOff = q1Times.length > 0 ? Math.min(...q1Times) * CUT_OFF : Infinity;
  const pole = parseTime(times.get(lines[0]?.racingNumber ?? '')?.[2]);
  let position = 0;
  return lines.map((line) => {
    const [q1, q2, q3] = PARTS.map((part) => times.get(line.racingNumber)?.[part] ?? null);
    const q3Ms = parseTime(q3 ?? undefined);
    const classified = Boolean(q2 ?? q3) || (q1 !== null && parseTime(q1)! <= cutOff);
    if (classified) position += 1;
    return {
      racingNumber: line.racingNumber,
      position: classified ? position : 'NC',
      q1,
      q2,
      q3,
      gap: classified && position > 1 && q3Ms !== undefined && pole !== undefined ? formatGap(q3Ms - pole) : null,
      laps: line.NumberOfLaps ?? null,
    };
  });
}
