import type { CarRow, PracticeResultRow } from './rows';
import { formatGap, parseTime } from '../../modules/f1/lap-times';
import { linesInOrder, text, type TopicRead } from './timing';

/** A practice session in the timing screen's order: best lap, the gaps to the fastest and to the car ahead, laps. */
export function derivePracticeResults(timing: TopicRead): CarRow<PracticeResultRow>[] {
  const lines = linesInOrder(timing.state);
  const best = (index: number) => parseTime(lines[index]?.BestLapTime?.Value);
  const fastest = best(0);
  return lines.map((line, index) => {
    const time = best(index);
    const ahead = index > 0 ? best(index - 1) : undefined;
    return {
      racingNumber: line.racingNumber,
      position: index + 1,
      time: text(line.BestLapTime?.Value) ?? null,
      gap: index > 0 && time !== undefined && fastest !== undefined ? formatGap(time - fastest) : null,
      interval: index > 0 && time !== undefined && ahead !== undefined ? formatGap(time - ahead) : null,
      laps: line.NumberOfLaps ?? null,
    };
  });
}
