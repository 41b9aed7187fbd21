import { describe, expect, it } from 'vitest';
import { niceStep } from '../../lib/points';
import { pointsChartLayout } from './chart';

const size = { width: 500, height: 260 };

describe('the points chart', () => {
  it('puts round after round from left to right and more points higher up', () => {
    const layout = pointsChartLayout(
      [
        { round: 1, cumulativePoints: 18 },
        { round: 2, cumulativePoints: 36 },
        { round: 3, cumulativePoints: 36 },
      ],
      size,
    );
    const [first, second, third] = layout.points;
    expect([first!.x, third!.x]).toEqual([layout.plot.left, layout.plot.right]);
    expect(second!.x).toBe((layout.plot.left + layout.plot.right) / 2);
    expect(second!.y).toBeLessThan(first!.y);
    expect(third!.y).toBe(second!.y);
    expect(layout.line).toBe(`M${first!.x} ${first!.y} L${second!.x} ${second!.y} L${third!.x} ${third!.y}`);
    expect(layout.area).toBe(`${layout.line} L${third!.x} ${layout.plot.bottom} L${first!.x} ${layout.plot.bottom} Z`);
  });

  it('scales points from 0 at the bottom to a round number at or above the best', () => {
    const layout = pointsChartLayout(
      [
        { round: 1, cumulativePoints: 25 },
        { round: 2, cumulativePoints: 421 },
      ],
      size,
    );
    expect(layout.yTicks.map((tick) => tick.value)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(layout.yTicks[0]!.at).toBe(layout.plot.bottom);
    expect(layout.yTicks.at(-1)!.at).toBe(layout.plot.top);
    expect(layout.points[1]!.y).toBeCloseTo(layout.plot.bottom - (421 / 500) * (layout.plot.bottom - layout.plot.top), 0);
  });

  it('writes every round while there is room, and every second or third when it gets tight', () => {
    const season = Array.from({ length: 24 }, (_, i) => ({ round: i + 1, cumulativePoints: i * 10 }));
    expect(pointsChartLayout(season, { width: 1100, height: 260 }).xTicks).toHaveLength(24);
    const phone = pointsChartLayout(season, { width: 320, height: 260 }).xTicks.map((tick) => tick.value);
    expect(phone.length).toBeLessThan(24);
    expect(phone[0]).toBe(1);
  });

  it('keeps a single round in the middle, and a season without points on a scale of its own', () => {
    const layout = pointsChartLayout([{ round: 1, cumulativePoints: 0 }], size);
    expect(layout.points[0]!.x).toBe((layout.plot.left + layout.plot.right) / 2);
    expect(layout.points[0]!.y).toBe(layout.plot.bottom);
    expect(layout.yTicks.map((tick) => tick.value)).toEqual([0, 5]);
  });
});

describe('axis steps', () => {
  it('are 1, 2, 2.5 or 5 times a power of ten, never below 5', () => {
    expect([0, 3, 6, 12, 24, 84, 166, 420].map(niceStep)).toEqual([5, 5, 10, 20, 25, 100, 200, 500]);
  });
});
