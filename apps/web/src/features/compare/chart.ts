import type { ProgressionPoint } from '@slipstream/contract';
import { niceStep } from '../../lib/points';

/** The geometry of the two-line points chart: pure numbers, testable without a browser. */
export type Size = { width: number; height: number };
export type Tick = { value: number; label: string; at: number };
export type Line = { path: string; dots: { at: number; value: number; x: number; y: number }[] };

const MARGIN = { left: 44, right: 16, top: 16, bottom: 36 };
const MIN_LABEL_SPACING = 32;
const TARGET_Y_INTERVALS = 5;

export function duelChartLayout(points: ProgressionPoint[], { width, height }: Size) {
  const plot = { left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom: height - MARGIN.bottom };
  const steps = Math.max(1, points.length - 1);
  const xOf = (index: number) => (points.length === 1 ? (plot.left + plot.right) / 2 : plot.left + (index / steps) * (plot.right - plot.left));
  const top = Math.max(0, ...points.flatMap((p) => [p.a ?? 0, p.b ?? 0]));
  const yStep = niceStep(top / TARGET_Y_INTERVALS);
  const yMax = Math.max(yStep, Math.ceil(top / yStep) * yStep);
  const yOf = (value: number) => plot.bottom - (value / yMax) * (plot.bottom - plot.top);

  const line = (side: 'a' | 'b'): Line => {
    const dots = points.flatMap((p, i) => {
      const value = p[side];
      return value === null ? [] : [{ at: p.at, value, x: round1(xOf(i)), y: round1(yOf(value)) }];
    });
    return { dots, path: dots.map((d, i) => `${i === 0 ? 'M' : 'L'}${d.x} ${d.y}`).join(' ') };
  };

  const every = Math.max(1, Math.ceil(MIN_LABEL_SPACING / ((plot.right - plot.left) / steps)));
  const xTicks: Tick[] = points.flatMap((p, i) => (i % every === 0 ? [{ value: p.at, label: String(p.at), at: round1(xOf(i)) }] : []));
  const yTicks: Tick[] = [];
  for (let value = 0; value <= yMax; value += yStep) yTicks.push({ value, label: String(value), at: round1(yOf(value)) });
  return { plot, a: line('a'), b: line('b'), xTicks, yTicks };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
