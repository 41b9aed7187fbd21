import { niceStep } from '../../lib/points';

/**
 * The geometry of the points-progression chart: pure numbers, so the rules are testable without a browser.
 * x runs over the rounds the driver raced, y from 0 to a round number above their final points.
 */
export type ChartSize = { width: number; height: number };
export type ChartInput = { round: number; cumulativePoints: number };
export type ChartPoint = ChartInput & { x: number; y: number };
export type Tick = { value: number; at: number };

export type ChartLayout = {
  plot: { left: number; right: number; top: number; bottom: number };
  points: ChartPoint[];
  /** SVG path of the line through the points, and of the area under it. */
  line: string;
  area: string;
  xTicks: Tick[];
  yTicks: Tick[];
};

const MARGIN = { left: 44, right: 20, top: 30, bottom: 44 };
/** Round labels need about this much room each; past that only every second (third...) is written. */
const MIN_ROUND_LABEL_SPACING = 26;
const TARGET_Y_INTERVALS = 5;

export function pointsChartLayout(results: ChartInput[], { width, height }: ChartSize): ChartLayout {
  const plot = { left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom: height - MARGIN.bottom };
  const rounds = results.map((r) => r.round);
  const [firstRound, lastRound] = rounds.length > 0 ? [Math.min(...rounds), Math.max(...rounds)] : [1, 1];
  // A single round sits in the middle rather than on an edge.
  const [xMin, xMax] = firstRound === lastRound ? [firstRound - 1, lastRound + 1] : [firstRound, lastRound];
  const maxPoints = Math.max(0, ...results.map((r) => r.cumulativePoints));
  const yStep = niceStep(maxPoints / TARGET_Y_INTERVALS);
  const yMax = Math.max(yStep, Math.ceil(maxPoints / yStep) * yStep);

  const xOf = (round: number) => plot.left + ((round - xMin) / (xMax - xMin)) * (plot.right - plot.left);
  const yOf = (points: number) => plot.bottom - (points / yMax) * (plot.bottom - plot.top);

  const points = results.map((r) => ({ ...r, x: round1(xOf(r.round)), y: round1(yOf(r.cumulativePoints)) }));
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  const area =
    points.length > 0 ? `${line} L${points.at(-1)!.x} ${plot.bottom} L${points[0]!.x} ${plot.bottom} Z` : '';

  const every = Math.max(1, Math.ceil(MIN_ROUND_LABEL_SPACING / ((plot.right - plot.left) / Math.max(1, xMax - xMin))));
  const xTicks: Tick[] = [];
  for (let round = firstRound; round <= lastRound; round += every) xTicks.push({ value: round, at: round1(xOf(round)) });
  const yTicks: Tick[] = [];
  for (let value = 0; value <= yMax; value += yStep) yTicks.push({ value, at: round1(yOf(value)) });

  return { plot, points, line, area, xTicks, yTicks };
}

export { niceStep };

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
