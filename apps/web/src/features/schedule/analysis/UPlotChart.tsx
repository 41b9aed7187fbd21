import { useEffect, useRef, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useChartWidth } from '../../../lib/ui/LineChart';
import styles from './Analysis.module.css';

export type ChartSeries = {
  label: string;
  colour: string;
  values: (number | null)[];
  dashed?: boolean;
  /** Indices of values drawn as a marked point (pit stops). */
  marked?: number[];
  /** Points only, no line (a scatter). */
  pointsOnly?: boolean;
};

export type ChartProps = {
  /** The chart in a sentence: its accessible name; the table beside it holds the numbers. */
  title: string;
  xLabel: string;
  yLabel: string;
  xs: number[];
  series: ChartSeries[];
  /** Position charts run from 1 at the top. */
  invertY?: boolean;
  formatY?: (value: number) => string;
  /** Ranges of x shaded behind the lines (safety car laps), with their colour. */
  shaded?: { from: number; to: number; colour: string }[];
  /** The same numbers as a table, for keyboards and screen readers. */
  table: ReactNode;
  height?: number;
};

const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100];

function cssColour(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** A uPlot chart (canvas) at its frame's width, named for screen readers, with its numbers as a table below. */
export function UPlotChart({ title, xLabel, yLabel, xs, series, invertY, formatY, shaded = [], table, height = 320 }: ChartProps) {
  const [frameRef, width] = useChartWidth();
  const plotRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = plotRef.current;
    if (!target) return;
    const text = cssColour('--color-text-muted', '#55555f');
    const grid = cssColour('--color-border', '#dcdce2');
    const axis = (label: string, values?: (self: uPlot, ticks: number[]) => string[], incrs?: number[]): uPlot.Axis => ({
      label,
      stroke: text,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
      ...(values ? { values } : {}),
      ...(incrs ? { incrs } : {}),
    });
    const plot = new uPlot(
      {
        width,
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false }, y: invertY ? { dir: -1 } : {} },
        // Laps and positions are whole numbers: ticks only at whole steps.
        axes: [axis(xLabel, undefined, WHOLE_STEPS), axis(yLabel, formatY ? (_self, ticks) => ticks.map(formatY) : undefined, invertY ? WHOLE_STEPS : undefined)],
        series: [
          {},
          ...series.map(
            (line): uPlot.Series => ({
              label: line.label,
              stroke: line.colour,
              width: 2,
              dash: line.dashed ? [6, 4] : undefined,
              spanGaps: false,
              paths: line.pointsOnly ? () => null : undefined,
              points: line.pointsOnly
                ? { show: true, size: 5, fill: line.colour, stroke: line.colour }
                : { show: true, size: 7, fill: line.colour, stroke: line.colour, filter: () => line.marked ?? [] },
            }),
          ),
        ],
        hooks: {
          drawClear: [
            (self) => {
              const { ctx } = self;
              for (const range of shaded) {
                const left = self.valToPos(range.from - 0.5, 'x', true);
                const right = self.valToPos(range.to + 0.5, 'x', true);
                ctx.save();
                ctx.fillStyle = range.colour;
                ctx.fillRect(left, self.bbox.top, right - left, self.bbox.height);
                ctx.restore();
              }
            },
          ],
        },
      },
      [xs, ...series.map((line) => line.values)] as uPlot.AlignedData,
      target,
    );
    return () => plot.destroy();
  }, [width, height, xs, series, invertY, formatY, shaded, xLabel, yLabel]);

  return (
    <figure className={styles.figure}>
      <div ref={frameRef} className={styles.frame}>
        <div ref={plotRef} role="img" aria-label={title} />
      </div>
      <figcaption className={styles.caption}>{title}</figcaption>
      <details className={styles.table}>
        <summary>Show as a table</summary>
        <div className={styles.scroll} tabIndex={0} role="region" aria-label={`${title}: table`}>
          {table}
        </div>
      </details>
    </figure>
  );
}
