import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { TrackCircuit, TrackSeasonResponse } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { metaQuery, nextMeetingQuery } from '../../lib/queries';
import { Card } from '../../lib/ui/Card';
import { Page } from '../../lib/ui/Page';
import { QueryState, type QueryView } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { CircuitDetails } from './CircuitDetails';
import { CircuitDrawing } from './CircuitDrawing';
import { CircuitGrid } from './CircuitGrid';
import { trackSeasonQuery } from './queries';
import styles from './TrackVisualizerPage.module.css';

/** ?season=2025: a four-digit year, else the featured season. */
function seasonFrom(value: string | null): number | undefined {
  return value && /^\d{4}$/.test(value) ? Number(value) : undefined;
}

/** ?circuit= names a circuit (silverstone) or, when a season raced two of its layouts, a layout (bahrain-3). */
function findCircuit(circuits: TrackCircuit[], wanted: string | null): TrackCircuit | undefined {
  return circuits.find((c) => c.key === wanted) ?? circuits.find((c) => c.circuitId === wanted || c.layoutId === wanted);
}

/** Without ?circuit=, the circuit of the current or next meeting when it is in this season, else the season's first. */
function defaultCircuit(circuits: TrackCircuit[], season: number, next: { season: number; round: number } | undefined): TrackCircuit | undefined {
  const ofNext = next?.season === season ? circuits.find((c) => c.races.some((race) => race.round === next.round)) : undefined;
  return ofNext ?? circuits[0];
}

function TrackVisualizerPage() {
  const [params, setParams] = useSearchParams();
  const meta = useQuery(metaQuery);
  const nextMeeting = useQuery(nextMeetingQuery);
  const season = seasonFrom(params.get('season')) ?? meta.data?.featuredSeason;
  const track = useQuery({ ...trackSeasonQuery(season ?? 0), enabled: season !== undefined, placeholderData: keepPreviousData });
  const viewer = useRef<HTMLDivElement>(null);
  const seasonId = useId();
  const circuitId = useId();

  const data = track.data;
  const wanted = params.get('circuit');
  const found = data ? findCircuit(data.circuits, wanted) : undefined;
  const next = nextMeeting.data && { season: nextMeeting.data.meetingContext.season, round: nextMeeting.data.meetingContext.nr_runda };
  const selected = found ?? (data && defaultCircuit(data.circuits, data.season, next));
  const linkParams = (nextSeason: number, circuit: string | undefined) =>
    new URLSearchParams(circuit ? { circuit, season: String(nextSeason) } : { season: String(nextSeason) });

  // Without a season in the address, the circuits wait for the featured one, and fail with it.
  const circuits: QueryView<TrackSeasonResponse> = season === undefined ? { data: undefined, error: meta.error, refetch: meta.refetch } : track;
  return (
    <Page page="trackVisualizer" lead={PAGE_DESCRIPTIONS.trackVisualizer}>
      <div className={styles.pickers}>
        <label className={styles.picker} htmlFor={seasonId}>
          <span>Season</span>
          <select
            id={seasonId}
            value={season ?? ''}
            disabled={!data}
            onChange={(event) => setParams(linkParams(Number(event.target.value), selected?.circuitId))}
          >
            {(data?.seasons ?? (season ? [season] : [])).map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.picker} htmlFor={circuitId}>
          <span>Circuit</span>
          <select
            id={circuitId}
            value={selected?.key ?? ''}
            disabled={!data}
            onChange={(event) => setParams(linkParams(data!.season, event.target.value))}
          >
            {data?.circuits.map((circuit) => (
              <option key={circuit.key} value={circuit.key}>
                {circuit.races.map((race) => race.round).join(', ')} · {circuit.name} ({circuit.countryName})
              </option>
            ))}
          </select>
        </label>
      </div>

      {data && wanted && !found && (
        <p className={styles.notice} role="status">
          No circuit “{wanted}” in {data.season}: showing round 1.
        </p>
      )}

      <div ref={viewer} className={styles.viewer} aria-busy={track.isFetching}>
        <QueryState
          query={circuits}
          pending={<ViewerSkeleton />}
          error={(error) => (error === meta.error ? 'The circuits could not be loaded.' : error.message)}
        >
          {({ season: shown }) =>
            selected && (
              <Card className={styles.stage}>
                <CircuitDrawing key={`${shown}/${selected.key}`} circuit={selected} season={shown} />
                <CircuitDetails circuit={selected} season={shown} />
              </Card>
            )
          }
        </QueryState>
      </div>

      {data && (
        <CircuitGrid
          season={data.season}
          circuits={data.circuits}
          selectedKey={selected?.key}
          linkTo={(circuit) => `?${linkParams(data.season, circuit.key)}`}
          onPick={() => viewer.current?.scrollIntoView({ block: 'start' })}
        />
      )}
    </Page>
  );
}

function ViewerSkeleton() {
  return (
    <Card className={styles.stage}>
      <Skeleton shape="block" width="100%" height="auto" />
      <div>
        <Skeleton width="70%" height="2rem" />
        <Skeleton lines={3} />
        <Skeleton shape="block" width="100%" height="9rem" />
      </div>
      <span className="visually-hidden" role="status">
        Loading the circuits…
      </span>
    </Card>
  );
}

export { TrackVisualizerPage as Component };
