import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import type { DriverRaceResult } from '@slipstream/contract';
import { pointsChartLayout } from './chart';
import { formatPoints } from './rules';
import styles from './PointsChart.module.css';

type PointsChartProps = {
  results: DriverRaceResult[];
  /** CSS colour of the line and area. */
  colour: string;
  driverName: string;
  season: number;
};

const HEIGHT = 260;
/** Drawn at this width until the frame has been measured (and in tests, where nothing has a size). */
const DEFAULT_WIDTH = 640;

/** Championship points after each round as a line over an area, in the team colour, with a text alternative. */
export function PointsChart({ results, colour, driverName, season }: PointsChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame, DEFAULT_WIDTH);
  const id = useId();
  const layout = pointsChartLayout(results, { width, height: HEIGHT });
  const { plot } = layout;
  const last = layout.points.at(-1);

  return (
    <div ref={frame} className={styles.frame} style={{ '--team': colour } as CSSProperties}>
      <svg
        className={styles.chart}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
      >
        <title id={`${id}-title`}>{`${driverName}: championship points after each round of ${season}`}</title>
        <desc id={`${id}-desc`}>
          {results.map((r) => `Round ${r.round}, ${r.meetingName}: ${formatPoints(r.cumulativePoints)} points`).join('; ')}
        </desc>

        <g className={styles.grid}>
          {layout.yTicks.map((tick) => (
            <line key={tick.value} x1={plot.left} x2={plot.right} y1={tick.at} y2={tick.at} />
          ))}
        </g>
        <g className={styles.yLabels}>
          {layout.yTicks.map((tick) => (
            <text key={tick.value} x={plot.left - 8} y={tick.at} dy="0.32em">
              {tick.value}
            </text>
          ))}
        </g>
        <g className={styles.xLabels}>
          {layout.xTicks.map((tick) => (
            <text key={tick.value} x={tick.at} y={plot.bottom + 18}>
              {tick.value}
            </text>
          ))}
        </g>
        <text className={styles.axisTitle} x={(plot.left + plot.right) / 2} y={HEIGHT - 4}>
          Round
        </text>
        <text className={`${styles.axisTitle} ${styles.yTitle}`} x={4} y={10}>
          Points
        </text>

        <path className={styles.area} d={layout.area} />
        <path className={styles.line} d={layout.line} />
        <g className={styles.dots}>
          {layout.points.map((p) => (
            <circle key={p.round} cx={p.x} cy={p.y} r={3.5} data-round={p.round} data-points={p.cumulativePoints}>
              <title>{`Round ${p.round}: ${formatPoints(p.cumulativePoints)} points`}</title>
            </circle>
          ))}
        </g>
        {last && (
          <text className={styles.lastValue} x={last.x} y={last.y - 10}>
            {formatPoints(last.cumulativePoints)}
          </text>
        )}
      </svg>
    </div>
  );
}

/** The element's width in whole pixels, following resizes; `fallback` until it is known. */
function useWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.clientWidth);
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
