import type { ProgressionPoint } from '@slipstream/contract';
import { formatPoints } from '../../lib/points';
import { LineChartFrame, useChartWidth } from '../../lib/ui/LineChart';
import { duelChartLayout } from './chart';
import styles from './ComparePage.module.css';

type DuelChartProps = {
  points: ProgressionPoint[];
  axis: 'round' | 'season';
  names: { a: string; b: string };
};

const HEIGHT = 260;

/** Cumulative points of both drivers as two lines, with a table of the same numbers for screen readers and for anyone who prefers it. */
export function DuelChart({ points, axis, names }: DuelChartProps) {
  const [frameRef, width] = useChartWidth();
  const layout = duelChartLayout(points, { width, height: HEIGHT });
  const axisName = axis === 'round' ? 'Round' : 'Season';

  return (
    <figure className={styles.figure}>
      <LineChartFrame
        frameRef={frameRef}
        width={width}
        height={HEIGHT}
        layout={layout}
        title={`Cumulative points of ${names.a} and ${names.b} after each ${axis}; the table below holds the numbers.`}
      >
        <path className={styles.lineA} d={layout.a.path} />
        <path className={styles.lineB} d={layout.b.path} />
        {layout.a.dots.map((d) => (
          <circle key={`a${d.at}`} className={styles.dotA} cx={d.x} cy={d.y} r={3} />
        ))}
        {layout.b.dots.map((d) => (
          <rect key={`b${d.at}`} className={styles.dotB} x={d.x - 3} y={d.y - 3} width={6} height={6} />
        ))}
      </LineChartFrame>
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
