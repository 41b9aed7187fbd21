import { niceStep } from '../points';

/**
 * The geometry both points line charts share (the driver page, head to head): pure numbers, testable without a
 * browser. y runs from 0 at the bottom to a round number at or above the highest value, in about five steps.
 */
export type ChartSize = { width: number; height: number };
export type Plot = { left: number; right: number; top: number; bottom: number };
export type Tick = { value: number; label: string; at: number };

const TARGET_Y_INTERVALS = 5;

export function plotWithin({ width, height }: ChartSize, margin: Plot): Plot {
  return { left: margin.left, right: width - margin.right, top: margin.top, bottom: height - margin.bottom };
}

/** The points scale of a plot whose highest value is top: where a value sits, and the labelled ticks. */
export function pointsScale(top: number, plot: Plot): { yOf: (value: number) => number; yTicks: Tick[] } {
  const step = niceStep(top / TARGET_Y_INTERVALS);
  const max = Math.max(step, Math.ceil(top / step) * step);
  const yOf = (value: number) => plot.bottom - (value / max) * (plot.bottom - plot.top);
  const yTicks: Tick[] = [];
  for (let value = 0; value <= max; value += step) yTicks.push({ value, label: String(value), at: round1(yOf(value)) });
  return { yOf, yTicks };
}

/** Every how many x labels one is written, so each has minSpacing pixels over a plot split into intervals. */
export function labelEvery(plot: Plot, intervals: number, minSpacing: number): number {
  return Math.max(1, Math.ceil(minSpacing / ((plot.right - plot.left) / Math.max(1, intervals))));
}

/** The SVG path through the points, in order. */
export function linePath(points: { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
}

/** Coordinates to a tenth of a pixel keep the SVG short. */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
