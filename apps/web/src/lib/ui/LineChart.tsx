import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import type { Plot, Tick } from './lineChart';
import styles from './LineChart.module.css';

/** Drawn at this width until the frame has been measured (and in tests, where nothing has a size). */
const DEFAULT_WIDTH = 640;

/** The width a chart is drawn at: its frame's, in whole pixels, following resizes. */
export function useChartWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
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
  }, []);
  return [ref, width] as const;
}

type LineChartFrameProps = {
  /** The frame's ref and width, from useChartWidth. */
  frameRef: RefObject<HTMLDivElement | null>;
  width: number;
  height: number;
  layout: { plot: Plot; xTicks: Tick[]; yTicks: Tick[] };
  /** What the chart shows, in a sentence: the SVG's accessible name. */
  title: string;
  /** The numbers in words, when no table beside the chart holds them. */
  description?: string;
  axisTitles?: { x: string; y: string };
  style?: CSSProperties;
  /** The lines and dots, drawn over the grid. */
  children: ReactNode;
};

/** A points line chart's frame: an SVG of the frame's width with its grid and axis labels, named for screen readers. */
export function LineChartFrame({ frameRef, width, height, layout, title, description, axisTitles, style, children }: LineChartFrameProps) {
  const id = useId();
  const { plot, xTicks, yTicks } = layout;
  return (
    <div ref={frameRef} className={styles.frame} style={style}>
      <svg
        className={styles.chart}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={description === undefined ? undefined : `${id}-desc`}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
      >
        <title id={`${id}-title`}>{title}</title>
        {description !== undefined && <desc id={`${id}-desc`}>{description}</desc>}
        <g className={styles.grid}>
          {yTicks.map((tick) => (
            <line key={tick.value} x1={plot.left} x2={plot.right} y1={tick.at} y2={tick.at} />
          ))}
        </g>
        <g className={styles.yLabels}>
          {yTicks.map((tick) => (
            <text key={tick.value} x={plot.left - 8} y={tick.at} dy="0.32em">
              {tick.label}
            </text>
          ))}
        </g>
        <g className={styles.xLabels}>
          {xTicks.map((tick) => (
            <text key={tick.value} x={tick.at} y={plot.bottom + 18}>
              {tick.label}
            </text>
          ))}
        </g>
        {axisTitles && (
          <>
            <text className={styles.axisTitle} x={(plot.left + plot.right) / 2} y={height - 4}>
              {axisTitles.x}
            </text>
            <text className={`${styles.axisTitle} ${styles.yTitle}`} x={4} y={10}>
              {axisTitles.y}
            </text>
          </>
        )}
        {children}
      </svg>
    </div>
  );
}
