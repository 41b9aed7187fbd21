import { describe, expect, it } from 'vitest';
import { duelChartLayout } from './chart';

describe('the duel chart', () => {
  it('draws each driver from their first entry, on a shared scale', () => {
    const layout = duelChartLayout(
      [
        { at: 2006, label: '2006', a: null, b: 4 },
        { at: 2007, label: '2007', a: 109, b: 24 },
        { at: 2008, label: '2008', a: 207, b: 41 },
      ],
      { width: 460, height: 260 },
    );
    expect(layout.a.dots.map((d) => d.at)).toEqual([2007, 2008]);
    expect(layout.b.dots).toHaveLength(3);
    expect(layout.a.path.startsWith('M')).toBe(true);
    // 207 rounds up to a 250 top on steps of 50.
    expect(layout.yTicks.map((t) => t.value)).toEqual([0, 50, 100, 150, 200, 250]);
    expect(layout.a.dots[1]!.y).toBeGreaterThan(layout.plot.top);
    expect(layout.b.dots[0]!.x).toBe(layout.plot.left);
    expect(layout.a.dots[1]!.x).toBe(layout.plot.right);
  });

  it('thins the labels when the rounds are crowded', () => {
    const points = Array.from({ length: 24 }, (_, i) => ({ at: i + 1, label: `R${i + 1}`, a: i * 10, b: i * 5 }));
    const narrow = duelChartLayout(points, { width: 340, height: 260 });
    const wide = duelChartLayout(points, { width: 1200, height: 260 });
    expect(narrow.xTicks.length).toBeLessThan(wide.xTicks.length);
    expect(wide.xTicks).toHaveLength(24);
  });
});
