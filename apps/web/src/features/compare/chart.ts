import type { ProgressionPoint } from '@slipstream/contract';
import { labelEvery, linePath, plotWithin, pointsScale, round1, type ChartSize, type Tick } from '../../lib/ui/lineChart';

/** The geometry of the two-line points chart: pure numbers, testable without a browser. */
export type Line = { path: string; dots: { at: number; value: number; x: number; y: number }[] };

const MARGIN = { left: 44, right: 16, top: 16, bottom: 36 };
const MIN_LABEL_SPACING = 32;

export function duelChartLayout(points: ProgressionPoint[], size: ChartSize) {
  const plot = plotWithin(size, MARGIN);
  const steps = Math.max(1, points.length - 1);
  const xOf = (index: number) => (points.length === 1 ? (plot.left + plot.right) / 2 : plot.left + (index / steps) * (plot.right - plot.left));
  const { yOf, yTicks } = pointsScale(Math.max(0, ...points.flatMap((p) => [p.a ?? 0, p.b ?? 0])), plot);

  const line = (side: 'a' | 'b'): Line => {
    const dots = points.flatMap((p, i) => {
      const value = p[side];
      return value === null ? [] : [{ at: p.at, value, x: round1(xOf(i)), y: round1(yOf(value)) }];
    });
    return { dots, path: linePath(dots) };
  };

  const every = labelEvery(plot, steps, MIN_LABEL_SPACING);
  const xTicks: Tick[] = points.flatMap((p, i) => (i % every === 0 ? [{ value: p.at, label: String(p.at), at: round1(xOf(i)) }] : []));
  return { plot, a: line('a'), b: line('b'), xTicks, yTicks };
}
