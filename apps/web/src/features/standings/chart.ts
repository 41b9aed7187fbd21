import { labelEvery, linePath, plotWithin, pointsScale, round1, type ChartSize, type Plot, type Tick } from '../../lib/ui/lineChart';

/**
 * The geometry of the points-progression chart: pure numbers, so the rules are testable without a browser.
 * x runs over the rounds the driver raced, y from 0 to a round number above their final points.
 */
export type ChartInput = { round: number; cumulativePoints: number };
export type ChartPoint = ChartInput & { x: number; y: number };

export type ChartLayout = {
  plot: Plot;
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

export function pointsChartLayout(results: ChartInput[], size: ChartSize): ChartLayout {
  const plot = plotWithin(size, MARGIN);
  const rounds = results.map((r) => r.round);
  const [firstRound, lastRound] = rounds.length > 0 ? [Math.min(...rounds), Math.max(...rounds)] : [1, 1];
  // A single round sits in the middle rather than on an edge.
  const [xMin, xMax] = firstRound === lastRound ? [firstRound - 1, lastRound + 1] : [firstRound, lastRound];
  const xOf = (round: number) => plot.left + ((round - xMin) / (xMax - xMin)) * (plot.right - plot.left);
  const { yOf, yTicks } = pointsScale(Math.max(0, ...results.map((r) => r.cumulativePoints)), plot);

  const points = results.map((r) => ({ ...r, x: round1(xOf(r.round)), y: round1(yOf(r.cumulativePoints)) }));
  const line = linePath(points);
  const area =
    points.length > 0 ? `${line} L${points.at(-1)!.x} ${plot.bottom} L${points[0]!.x} ${plot.bottom} Z` : '';

  const every = labelEvery(plot, xMax - xMin, MIN_ROUND_LABEL_SPACING);
  const xTicks: Tick[] = [];
  for (let round = firstRound; round <= lastRound; round += every) xTicks.push({ value: round, label: String(round), at: round1(xOf(round)) });

  return { plot, points, line, area, xTicks, yTicks };
}
