import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CompareDriverOption, CompareResponse, CompareStats, HeadToHeadCount } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';
import { Card } from '../../lib/ui/Card';
import { QueryState } from '../../lib/ui/QueryState';
import { Page } from '../../lib/ui/Page';
import { Skeleton } from '../../lib/ui/Skeleton';
import { formatPoints } from '../../lib/points';
import { DriverPicker } from './DriverPicker';
import { DuelChart } from './DuelChart';
import styles from './ComparePage.module.css';

const driversListQuery = queryOptions({ queryKey: ['compare', 'drivers'], queryFn: () => api('compareDrivers'), staleTime: 60 * 60_000 });

function ComparePage() {
  const [params, setParams] = useSearchParams();
  const a = params.get('a') ?? undefined;
  const b = params.get('b') ?? undefined;
  const seasonParam = params.get('season');
  const season = seasonParam && /^\d{4}$/.test(seasonParam) ? Number(seasonParam) : undefined;
  const options = useQuery(driversListQuery);
  const duel = useQuery({
    queryKey: ['compare', a, b, season],
    queryFn: () => api('compare', { query: { a: a!, b: b!, season } }),
    enabled: Boolean(a && b && a !== b),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const update = (next: { a?: string; b?: string; season?: number }) => {
    const merged = { a, b, season, ...next };
    setParams(new URLSearchParams(paths.compare(merged).split('?')[1] ?? ''), { replace: true });
  };
  const seasons = duel.data && !duel.isPlaceholderData ? duel.data.sharedSeasons : overlap(options.data, a, b);

  return (
    <Page page="compare" lead={PAGE_DESCRIPTIONS.compare}>
      <form className={styles.controls} onSubmit={(event) => event.preventDefault()} aria-label="Choose the drivers">
        <QueryState query={options} pending={<Skeleton shape="block" height="4.5rem" />} error="The driver list could not be loaded.">
          {(drivers) => (
            <>
              <DriverPicker label="First driver" options={drivers} value={a} onChange={(id) => update({ a: id })} />
              <DriverPicker label="Second driver" options={drivers} value={b} onChange={(id) => update({ b: id })} />
            </>
          )}
        </QueryState>
        <div className={styles.picker}>
          <label htmlFor="compare-season">Over</label>
          <select
            id="compare-season"
            value={season ?? ''}
            onChange={(event) => update({ season: event.target.value ? Number(event.target.value) : undefined })}
          >
            <option value="">Their careers</option>
            {season !== undefined && !seasons.includes(season) && <option value={season}>{season}</option>}
            {seasons.map((year) => (
              <option key={year} value={year}>
                The {year} season
              </option>
            ))}
          </select>
        </div>
      </form>

      <div aria-live="polite" aria-busy={duel.isFetching}>
        {!(a && b) && <p className={styles.hint}>Pick two drivers to see them side by side.</p>}
        {a && b && a === b && <p className={styles.hint}>Pick two different drivers.</p>}
        {a && b && a !== b && (
          <QueryState query={duel} pending={<Skeleton shape="block" height="20rem" />} error={(error) => error.message}>
            {(data) => <Duel duel={data} />}
          </QueryState>
        )}
      </div>
    </Page>
  );
}

/** Seasons both drivers' careers span, before the comparison says which they really shared. */
function overlap(options: CompareDriverOption[] | undefined, a?: string, b?: string): number[] {
  const first = options?.find((o) => o.id === a);
  const second = options?.find((o) => o.id === b);
  if (!first || !second) return [];
  const years = [];
  for (let year = Math.min(first.to, second.to); year >= Math.max(first.from, second.from); year--) years.push(year);
  return years;
}

function Duel({ duel }: { duel: CompareResponse }) {
  const scope = duel.season === null ? 'their careers' : `the ${duel.season} season`;
  const names = { a: duel.a.name, b: duel.b.name };
  return (
    <div className={styles.duel}>
      <h2 className={styles.versus}>
        <span className={styles.nameA}>{duel.a.name}</span> <span className={styles.vs}>vs</span> <span className={styles.nameB}>{duel.b.name}</span>
        <span className={styles.scope}> over {scope}</span>
      </h2>
      <p className={styles.teams}>
        {duel.a.teams.join(', ') || 'No races'} · {duel.b.teams.join(', ') || 'No races'}
      </p>

      <Card as="section" title="Head to head">
        <Bar label="Qualifying" count={duel.headToHead.qualifying} names={names} />
        <Bar label="Race" count={duel.headToHead.race} names={names} />
        <p className={styles.definition}>{duel.definitions.qualifying}</p>
        <p className={styles.definition}>{duel.definitions.race}</p>
      </Card>

      <Card as="section" title="In numbers">
        <StatsTable a={duel.a.stats} b={duel.b.stats} names={names} />
      </Card>

      <Card as="section" title={duel.season === null ? 'Points, season by season' : `Points through ${duel.season}`}>
        {duel.progression.points.length > 0 ? (
          <DuelChart points={duel.progression.points} axis={duel.progression.axis} names={names} />
        ) : (
          <p className={styles.hint}>No races run yet.</p>
        )}
      </Card>
      {duel.season !== null && (
        <p className={styles.more}>
          <Link to={paths.titleFight({ season: duel.season })}>The {duel.season} title fight</Link>
        </p>
      )}
    </div>
  );
}

function Bar({ label, count, names }: { label: string; count: HeadToHeadCount; names: { a: string; b: string } }) {
  const share = count.races > 0 ? (count.a / count.races) * 100 : 50;
  return (
    <div className={styles.bar}>
      <p className={styles.barLabel}>
        <strong>{label}</strong>{' '}
        <span>
          {names.a} {count.a} – {count.b} {names.b} <span className={styles.muted}>({count.races} counted)</span>
        </span>
      </p>
      <div className={styles.track} aria-hidden="true">
        <span className={styles.fillA} style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}

const STATS: { key: keyof CompareStats; label: string; lowerIsBetter?: boolean; neutral?: boolean }[] = [
  { key: 'starts', label: 'Starts', neutral: true },
  { key: 'points', label: 'Points' },
  { key: 'wins', label: 'Wins' },
  { key: 'poles', label: 'Poles (fastest in qualifying)' },
  { key: 'podiums', label: 'Podiums' },
  { key: 'retirements', label: 'Retirements (DNF)', lowerIsBetter: true },
  { key: 'averageFinish', label: 'Average finish', lowerIsBetter: true },
];

function StatsTable({ a, b, names }: { a: CompareStats; b: CompareStats; names: { a: string; b: string } }) {
  return (
    <table className={styles.stats}>
      <thead>
        <tr>
          <td />
          <th scope="col">{names.a}</th>
          <th scope="col">{names.b}</th>
        </tr>
      </thead>
      <tbody>
        {STATS.map(({ key, label, lowerIsBetter, neutral }) => {
          const [x, y] = [a[key], b[key]];
          const better = neutral || x === null || y === null || x === y ? null : (x < y) === Boolean(lowerIsBetter) ? 'a' : 'b';
          return (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td className={better === 'a' ? styles.better : undefined}>{show(x)}</td>
              <td className={better === 'b' ? styles.better : undefined}>{show(y)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function show(value: number | null): string {
  return value === null ? '–' : formatPoints(value);
}

export { ComparePage as Component };
