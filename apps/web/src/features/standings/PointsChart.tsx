import type { CSSProperties } from 'react';
import type { DriverRaceResult } from '@slipstream/contract';
import { LineChartFrame, useChartWidth } from '../../lib/ui/LineChart';
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

/** Championship points after each round as a line over an area, in the team colour, with a text alternative. */
export function PointsChart({ results, colour, driverName, season }: PointsChartProps) {
  const [frameRef, width] = useChartWidth();
  const layout = pointsChartLayout(results, { width, height: HEIGHT });
  const last = layout.points.at(-1);

  return (
    <LineChartFrame
      frameRef={frameRef}
      width={width}
      height={HEIGHT}
      layout={layout}
      title={`${driverName}: championship points after each round of ${season}`}
      description={results.map((r) => `Round ${r.round}, ${r.meetingName}: ${formatPoints(r.cumulativePoints)} points`).join('; ')}
      axisTitles={{ x: 'Round', y: 'Points' }}
      style={{ '--team': colour } as CSSProperties}
    >
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
    </LineChartFrame>
  );
}
