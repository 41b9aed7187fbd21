import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { AnalysisDriver, SessionAnalysis, SessionKind } from '@slipstream/contract';
import { api } from '../../../lib/api';
import { QueryState } from '../../../lib/ui/QueryState';
import { Skeleton } from '../../../lib/ui/Skeleton';
import { compoundName, gap, lapTime, seconds, sessionName } from './format';
import { UPlotChart, type ChartSeries } from './UPlotChart';
import styles from './Analysis.module.css';

const SHADE = { SAFETY_CAR: 'rgba(255, 196, 0, 0.22)', VIRTUAL_SAFETY_CAR: 'rgba(255, 196, 0, 0.12)', RED_FLAG: 'rgba(220, 0, 0, 0.18)' } as const;
const STATUS_NAMES = { SAFETY_CAR: 'Safety car', VIRTUAL_SAFETY_CAR: 'Virtual safety car', RED_FLAG: 'Red flag' } as const;

export function AnalysisView({ season, slug }: { season: number; slug: string }) {
  const [session, setSession] = useState<SessionKind | undefined>(undefined);
  const analysis = useQuery({
    queryKey: ['seasons', season, 'meetings', slug, 'analysis', session ?? 'default'],
    queryFn: () => api('sessionAnalysis', { params: { year: season, slug }, query: { session } }),
    staleTime: 60_000,
  });
  return (
    <QueryState query={analysis} pending={<Skeleton shape="block" height="24rem" />} error="The analysis could not be loaded.">
      {(data) => <Analysis data={data} onSession={setSession} />}
    </QueryState>
  );
}

function Analysis({ data, onSession }: { data: SessionAnalysis; onSession: (session: SessionKind) => void }) {
  const pickerId = useId();
  if (!data.session) return <p className={styles.intro}>F1’s live-timing archive has no lap-by-lap timing of this weekend stored here.</p>;
  return (
    <div className={styles.view}>
      {data.sessions.length > 1 && (
        <p className={styles.picker}>
          <label htmlFor={pickerId}>Session</label>{' '}
          <select id={pickerId} value={data.session} onChange={(event) => onSession(event.target.value as SessionKind)}>
            {data.sessions.map((kind) => (
              <option key={kind} value={kind}>
                {sessionName(kind)}
              </option>
            ))}
          </select>
        </p>
      )}
      <SessionCharts analysis={data} />
    </div>
  );
}

function SessionCharts({ analysis }: { analysis: SessionAnalysis }) {
  const { drivers, trackStatus, weather } = analysis;
  const isRace = drivers.some((driver) => driver.laps.some((lap) => lap.position !== null));
  const lapCount = Math.max(0, ...drivers.map((driver) => driver.laps.length));
  const xs = useMemo(() => Array.from({ length: lapCount }, (_, index) => index + 1), [lapCount]);
  const shaded = useMemo(() => trackStatus.map((period) => ({ from: period.startLap, to: period.endLap, colour: SHADE[period.kind] })), [trackStatus]);
  const positions = useMemo(() => seriesOf(drivers, xs, (driver, lap) => driver.laps[lap - 1]?.position ?? null), [drivers, xs]);
  const gaps = useMemo(() => seriesOf(drivers, xs, (driver, lap) => msToSeconds(driver.laps[lap - 1]?.gapToLeaderMs ?? null)), [drivers, xs]);
  const times = useMemo(() => seriesOf(drivers, xs, cleanLapSeconds, { pointsOnly: true }), [drivers, xs]);

  return (
    <>
      {weather && <p className={styles.note}>{weatherLine(weather)}</p>}
      {trackStatus.length > 0 && (
        <p className={styles.note}>
          Shaded laps:{' '}
          {trackStatus.map((period) => `${STATUS_NAMES[period.kind]} laps ${period.startLap}–${period.endLap}`).join('; ')}.
        </p>
      )}
      {isRace && (
        <UPlotChart
          title="Lap chart: each driver’s position at the end of every lap (dots: pit stops)"
          xLabel="Lap"
          yLabel="Position"
          xs={xs}
          series={positions}
          invertY
          shaded={shaded}
          table={<LapTable drivers={drivers} xs={xs} cell={(driver, lap) => String(driver.laps[lap - 1]?.position ?? '–') + (driver.laps[lap - 1]?.pitIn ? ' (pit)' : '')} />}
        />
      )}
      {isRace && (
        <UPlotChart
          title="Gap to the leader at the end of every lap, in seconds"
          xLabel="Lap"
          yLabel="Gap (s)"
          xs={xs}
          series={gaps}
          invertY
          shaded={shaded}
          table={<LapTable drivers={drivers} xs={xs} cell={(driver, lap) => gap(driver.laps[lap - 1]?.gapToLeaderMs ?? null)} />}
        />
      )}
      <TyreStrategy drivers={drivers} lapCount={lapCount} />
      <UPlotChart
        title="Lap times, in seconds (in- and out-laps left out: the table marks them)"
        xLabel="Lap"
        yLabel="Lap time (s)"
        xs={xs}
        series={times}
        shaded={shaded}
        table={<LapTable drivers={drivers} xs={xs} cell={(driver, lap) => lapCell(driver, lap)} />}
      />
      <PitStops drivers={drivers} />
      <Comparison drivers={drivers} xs={xs} shaded={shaded} />
    </>
  );
}

/** One line per driver in the team's colour (the second driver of a team dashed), pit stops marked. */
function seriesOf(drivers: AnalysisDriver[], xs: number[], value: (driver: AnalysisDriver, lap: number) => number | null, options: Partial<ChartSeries> = {}): ChartSeries[] {
  const dashed = secondOfTeam(drivers);
  return drivers.map((driver) => ({
    label: driver.code,
    colour: driver.teamColour,
    dashed: dashed.has(driver.driverId),
    values: xs.map((lap) => value(driver, lap)),
    marked: driver.laps.filter((lap) => lap.pitIn).map((lap) => lap.lap - 1),
    ...options,
  }));
}

function weatherLine(weather: NonNullable<SessionAnalysis['weather']>): string {
  const range = (name: string, value: { min: number; max: number } | null) =>
    value && (value.min === value.max ? `${name} ${value.min} °C` : `${name} ${value.min}–${value.max} °C`);
  const rain = weather.rain === null ? null : weather.rain ? 'rain fell' : 'no rain';
  return `Weather: ${[range('air', weather.airTemp), range('track', weather.trackTemp), rain].filter(Boolean).join(', ')}.`;
}

function msToSeconds(ms: number | null): number | null {
  return ms === null ? null : ms / 1000;
}

/** A lap's time in seconds, left out for in- and out-laps (the pit lane's time is in them, not the driver's pace). */
function cleanLapSeconds(driver: AnalysisDriver, lap: number): number | null {
  const record = driver.laps[lap - 1];
  return record && !record.pitIn && !record.pitOut ? msToSeconds(record.timeMs) : null;
}

function lapCell(driver: AnalysisDriver, lap: number): string {
  const record = driver.laps[lap - 1];
  if (!record) return '';
  return `${lapTime(record.timeMs)}${record.pitIn ? ' (in)' : record.pitOut ? ' (out)' : ''}`;
}

/** The second driver of each team: drawn dashed, so teammates' lines in one colour stay apart. */
function secondOfTeam(drivers: AnalysisDriver[]): Set<string> {
  const seen = new Set<string>();
  const second = new Set<string>();
  for (const driver of drivers) {
    if (seen.has(driver.teamColour)) second.add(driver.driverId);
    seen.add(driver.teamColour);
  }
  return second;
}

function LapTable({ drivers, xs, cell }: { drivers: AnalysisDriver[]; xs: number[]; cell: (driver: AnalysisDriver, lap: number) => string }) {
  return (
    <table className={styles.data}>
      <thead>
        <tr>
          <th scope="col">Lap</th>
          {drivers.map((driver) => (
            <th key={driver.driverId} scope="col">
              <abbr title={driver.name}>{driver.code}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {xs.map((lap) => (
          <tr key={lap}>
            <th scope="row">{lap}</th>
            {drivers.map((driver) => (
              <td key={driver.driverId}>{cell(driver, lap)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TyreStrategy({ drivers, lapCount }: { drivers: AnalysisDriver[]; lapCount: number }) {
  const withStints = drivers.filter((driver) => driver.stints.length > 0);
  if (withStints.length === 0) return null;
  return (
    <figure className={styles.figure}>
      <ol className={styles.strategy} aria-label="Tyre strategy: each driver’s stints by compound">
        {withStints.map((driver) => (
          <li key={driver.driverId} className={styles.strategyRow}>
            <span className={styles.strategyDriver}>
              <abbr title={driver.name}>{driver.code}</abbr>
            </span>
            <span className={styles.strategyBar}>
              {driver.stints.map((stint) => (
                <span
                  key={stint.stint}
                  className={styles.stint}
                  data-compound={stint.compound ?? 'UNKNOWN'}
                  style={{ width: `${(100 * stint.laps) / Math.max(1, lapCount)}%` }}
                  title={`${compoundName(stint.compound)}, ${stint.isNew === false ? 'used' : 'new'}: laps ${stint.firstLap}–${stint.firstLap + stint.laps - 1}`}
                >
                  <span className="visually-hidden">
                    {compoundName(stint.compound)} ({stint.isNew === false ? 'used' : 'new'}), laps {stint.firstLap} to {stint.firstLap + stint.laps - 1};
                  </span>
                  <span aria-hidden="true">{stint.laps >= 3 ? compoundName(stint.compound)[0] : ''}</span>
                </span>
              ))}
            </span>
          </li>
        ))}
      </ol>
      <figcaption className={styles.caption}>Tyre strategy: each bar is a driver’s session, each part a set of tyres (S soft, M medium, H hard, I intermediate, W wet)</figcaption>
    </figure>
  );
}

function PitStops({ drivers }: { drivers: AnalysisDriver[] }) {
  const stops = drivers.flatMap((driver) => driver.pitVisits.map((visit) => ({ driver, visit }))).sort((a, b) => a.visit.inLap - b.visit.inLap);
  if (stops.length === 0) return null;
  return (
    <div className={styles.scroll} tabIndex={0} role="region" aria-label="Pit stops">
      <table className={styles.data}>
        <caption className={styles.caption}>Pit stops, in the order they happened</caption>
        <thead>
          <tr>
            <th scope="col">Driver</th>
            <th scope="col">Stop</th>
            <th scope="col">In lap</th>
            <th scope="col">Out lap</th>
            <th scope="col">Pit lane</th>
            <th scope="col">Time of day</th>
          </tr>
        </thead>
        <tbody>
          {stops.map(({ driver, visit }) => (
            <tr key={`${driver.driverId}-${visit.visit}`}>
              <th scope="row">{driver.name}</th>
              <td>{visit.visit}</td>
              <td>{visit.inLap}</td>
              <td>{visit.outLap ?? 'did not come out'}</td>
              <td>{seconds(visit.pitLaneMs)}</td>
              <td>{visit.timeOfDay ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Comparison({ drivers, xs, shaded }: { drivers: AnalysisDriver[]; xs: number[]; shaded: { from: number; to: number; colour: string }[] }) {
  const [firstId, setFirstId] = useState(drivers[0]?.driverId ?? '');
  const [secondId, setSecondId] = useState(drivers[1]?.driverId ?? '');
  const firstPicker = useId();
  const secondPicker = useId();
  const first = drivers.find((driver) => driver.driverId === firstId);
  const second = drivers.find((driver) => driver.driverId === secondId);
  const series = useMemo(
    () =>
      [first, second]
        .filter((driver): driver is AnalysisDriver => driver !== undefined)
        .map((driver, index) => ({ label: driver.code, colour: driver.teamColour, dashed: index === 1, values: xs.map((lap) => cleanLapSeconds(driver, lap)), marked: [] })),
    [first, second, xs],
  );
  const picker = (id: string, value: string, onChange: (value: string) => void, label: string) => (
    <span>
      <label htmlFor={id}>{label}</label>{' '}
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {drivers.map((driver) => (
          <option key={driver.driverId} value={driver.driverId}>
            {driver.name}
          </option>
        ))}
      </select>
    </span>
  );
  return (
    <section className={styles.compare} aria-label="Two drivers lap by lap">
      <h3>Two drivers lap by lap</h3>
      <p className={styles.picker}>
        {picker(firstPicker, firstId, setFirstId, 'Driver')}
        {picker(secondPicker, secondId, setSecondId, 'against')}
      </p>
      {first && second && (
        <UPlotChart
          title={`${first.name} and ${second.name}: lap times in seconds (in- and out-laps left out)`}
          xLabel="Lap"
          yLabel="Lap time (s)"
          xs={xs}
          series={series}
          shaded={shaded}
          table={
            <table className={styles.data}>
              <thead>
                <tr>
                  <th scope="col">Lap</th>
                  <th scope="col">{first.code}</th>
                  <th scope="col">{second.code}</th>
                  <th scope="col">Difference</th>
                </tr>
              </thead>
              <tbody>
                {xs.map((lap) => {
                  const a = first.laps[lap - 1]?.timeMs ?? null;
                  const b = second.laps[lap - 1]?.timeMs ?? null;
                  return (
                    <tr key={lap}>
                      <th scope="row">{lap}</th>
                      <td>{lapCell(first, lap)}</td>
                      <td>{lapCell(second, lap)}</td>
                      <td>{a !== null && b !== null ? `${a <= b ? '−' : '+'}${(Math.abs(a - b) / 1000).toFixed(3)}` : '–'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          }
        />
      )}
    </section>
  );
}
