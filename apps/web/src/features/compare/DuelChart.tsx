import type { ProgressionPoint } from '@slipstream/contract';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { formatPoints } from '../../lib/points';
import { duelChartLayout } from './chart';
import styles from './ComparePage.module.css';

type DuelChartProps = {
  points: ProgressionPoint[];
  axis: 'round' | 'season';
  names: { a: string; b: string };
};

const HEIGHT = 260;
const DEFAULT_WIDTH = 640;

/** Cumulative points of both drivers as two lines, with a table of the same numbers for screen readers and for anyone who prefers it. */
export function DuelChart({ points, axis, names }: DuelChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const id = useId();
  const layout = duelChartLayout(points, { width, height: HEIGHT });
  const { plot } = layout;
  const axisName = axis === 'round' ? 'Round' : 'Season';

  return (
    <figure className={styles.figure}>
      <div ref={frame} className={styles.chartFrame}>
        <svg role="img" aria-labelledby={`${id}-title`} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} className={styles.chart}>
          <title id={`${id}-title`}>{`Cumulative points of ${names.a} and ${names.b} after each ${axis}; the table below holds the numbers.`}</title>
          <g className={styles.grid}>
            {layout.yTicks.map((tick) => (
              <g key={tick.value}>
                <line x1={plot.left} x2={plot.right} y1={tick.at} y2={tick.at} />
                <text x={plot.left - 8} y={tick.at} dy="0.32em" className={styles.yLabel}>
                  {tick.label}
                </text>
              </g>
            ))}
            {layout.xTicks.map((tick) => (
              <text key={tick.value} x={tick.at} y={plot.bottom + 18} className={styles.xLabel}>
                {tick.label}
              </text>
            ))}
          </g>
          <path className={styles.lineA} d={layout.a.path} />
          <path className={styles.lineB} d={layout.b.path} />
          {layout.a.dots.map((d) => (
            <circle key={`a${d.at}`} className={styles.dotA} cx={d.x} cy={d.y} r={3} />
          ))}
          {layout.b.dots.map((d) => (
            <rect key={`b${d.at}`} className={styles.dotB} x={d.x - 3} y={d.y - 3} width={6} height={6} />
          ))}
        </svg>
      </div>
      <figcaption className={styles.legend}>
        <span className={styles.keyA}>{names.a}</span>
        <span className={styles.keyB}>{names.b}</span>
      </figcaption>
      <details className={styles.tableToggle}>
        <summary>Show the numbers as a table</summary>
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <caption className="visually-hidden">Cumulative points after each {axis}</caption>
            <thead>
              <tr>
                <th scope="col">{axisName}</th>
                <th scope="col">{names.a}</th>
                <th scope="col">{names.b}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.at}>
                  <th scope="row">{axis === 'round' ? `${p.at} · ${p.label}` : p.label}</th>
                  <td>{p.a === null ? '–' : formatPoints(p.a)}</td>
                  <td>{p.b === null ? '–' : formatPoints(p.b)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
