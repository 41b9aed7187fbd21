import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ErgastRaceBase } from '@slipstream/contract';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useClock, useClockReady } from '../../lib/clock';
import { metaQuery } from '../../lib/queries';
import { resultsNotInText } from '../../lib/resultsKnown';
import { BehindNote } from '../../lib/ui/BehindNote';
import { QueryState } from '../../lib/ui/QueryState';
import { Page } from '../../lib/ui/Page';
import { Skeleton } from '../../lib/ui/Skeleton';
import { Spinner } from '../../lib/ui/Spinner';
import { seasonRacesQuery } from './queries';
import { RoundCard, RoundCardSkeleton } from './RoundCard';
import { feedStart, matchesSearch, type ResultsSession } from './rounds';
import { selectableSeasons, seasonOfRoute, yearOfRoute } from './seasons';
import { useRoundFeed } from './useRoundFeed';
import styles from './ResultsScreen.module.css';
import { useResultsStream } from '../../lib/useResultsStream';

/** What differs between the race and the qualifying screen. */
export type ResultsKind<Round extends ErgastRaceBase> = {
  session: ResultsSession;
  /** "Race results": the heading and tab title, followed by the season. */
  name: string;
  lead: string;
  /** The meta description of a season's page. */
  describe: (season: number) => string;
  /** The infinite scroll's prompt (docs/product.md, Results). */
  scrollPrompt: string;
  /** The screen's route for a season. */
  seasonPath: (season: number) => string;
  /** One round's classification, or null when the round has none. */
  loadRound: (client: QueryClient, season: number, round: number) => Promise<Round | null>;
  /** The same from what was already read (the answers a page came with); undefined when it was not read. */
  cachedRound: (client: QueryClient, season: number, round: number) => Round | null | undefined;
  renderTable: (round: Round) => ReactNode;
};

/** docs/product.md (Results), "Observer threshold": a tenth of the prompt in view loads the next round. */
export const OBSERVER_THRESHOLD = 0.1;

/** A results screen: the year selector and search, then the season's rounds, newest first, with infinite scroll. */
export function ResultsScreen<Round extends ErgastRaceBase>({ kind }: { kind: ResultsKind<Round> }) {
  useResultsStream();
  const { an } = useParams();
  const meta = useQuery(metaQuery);
  const [search, setSearch] = useState('');
  // Until the offered seasons are known, the title trusts the year in the address.
  const titleSeason = meta.data ? seasonOfRoute(an, meta.data.featuredSeason) : yearOfRoute(an);

  return (
    <Page
      title={titleSeason ? `${kind.name} ${titleSeason}` : kind.name}
      description={titleSeason ? kind.describe(titleSeason) : kind.lead}
      lead={kind.lead}
    >
      <QueryState
        query={meta}
        pending={
          <>
            <ToolbarSkeleton />
            <LoadingRound />
          </>
        }
        error="The seasons could not be loaded."
      >
        {({ featuredSeason }) => {
          const season = seasonOfRoute(an, featuredSeason);
          return (
            <>
              <Toolbar season={season} featuredSeason={featuredSeason} seasonPath={kind.seasonPath} search={search} onSearch={setSearch} />
              {season === null && (
                <p className={styles.note}>
                  There are no results for “{an}”. Choose a season from the list.
                </p>
              )}
              {season && (
                // A new season is a new feed: the list clears and the counter restarts.
                <SeasonRounds key={season} kind={kind} season={season} isCurrentSeason={season === featuredSeason} search={search} />
              )}
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}

type ToolbarProps = {
  season: number | null;
  featuredSeason: number;
  seasonPath: (season: number) => string;
  search: string;
  onSearch: (search: string) => void;
};

function Toolbar({ season, featuredSeason, seasonPath, search, onSearch }: ToolbarProps) {
  const navigate = useNavigate();
  const yearId = useId();
  const searchId = useId();
  return (
    <div className={styles.toolbar}>
      <div className={styles.field}>
        <label htmlFor={yearId}>Choose year:</label>
        <select
          id={yearId}
          className={styles.control}
          value={season ?? ''}
          onChange={(event) => navigate(seasonPath(Number(event.target.value)))}
        >
          {season === null && <option value="">-</option>}
          {selectableSeasons(featuredSeason).map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      <div className={`${styles.field} ${styles.searchField}`}>
        <label htmlFor={searchId}>Search race or country:</label>
        <input
          id={searchId}
          className={styles.control}
          type="search"
          value={search}
          placeholder="Monaco, Italy…"
          autoComplete="off"
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
    </div>
  );
}

function ToolbarSkeleton() {
  return (
    <div className={styles.toolbar} aria-hidden="true">
      <div className={styles.field}>
        <Skeleton width="6rem" />
        <Skeleton shape="block" width="7rem" height="var(--tap)" />
      </div>
    </div>
  );
}

type SeasonRoundsProps<Round extends ErgastRaceBase> = {
  kind: ResultsKind<Round>;
  season: number;
  isCurrentSeason: boolean;
  search: string;
};

/** Waits for what the start of the feed depends on: the season's rounds and, for the current season, the clock. */
function SeasonRounds<Round extends ErgastRaceBase>(props: SeasonRoundsProps<Round>) {
  const races = useQuery(seasonRacesQuery(props.season));
  const clockReady = useClockReady();
  // A season whose rounds cannot be read ends like a failed round: logged by the query cache, nothing shown.
  return (
    <QueryState query={races} pending={<LoadingRound />} error={null}>
      {(data) => (props.isCurrentSeason && !clockReady ? <LoadingRound /> : <RoundFeed {...props} races={data.MRData.RaceTable.Races} />)}
    </QueryState>
  );
}

function RoundFeed<Round extends ErgastRaceBase>({
  kind,
  season,
  isCurrentSeason,
  search,
  races,
}: SeasonRoundsProps<Round> & { races: Parameters<typeof feedStart>[0] }) {
  const client = useQueryClient();
  const clock = useClock();
  const { loadRound, cachedRound } = kind;
  const load = useCallback((round: number) => loadRound(client, season, round), [loadRound, client, season]);
  const feed = useRoundFeed(() => feedStart(races, kind.session, isCurrentSeason, clock.now()), load, (round) => cachedRound(client, season, round));
  const prompt = useRef<HTMLButtonElement>(null);
  const { phase, loadMore } = feed;

  // A fresh observer for each idle spell reports at once whether the prompt is in view, so rounds keep loading
  // while it stays visible (a tall screen, a search that hides what was loaded).
  useEffect(() => {
    const target = prompt.current;
    if (phase !== 'idle' || !target) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadMore(), {
      threshold: OBSERVER_THRESHOLD,
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [phase, loadMore]);

  const shown = feed.rounds.filter((round) => matchesSearch(round, search));
  const loading = phase === 'loading';
  const latestAwaiting = races.find((race) => Number(race.round) === feed.awaiting[0]);
  return (
    <>
      {/* Said once the feed has found where results start, so it does not come and go while probing. */}
      {latestAwaiting && (!feed.probing || phase === 'done') && (
        <BehindNote className={styles.behind}>
          {resultsNotInText(feed.awaiting.length, latestAwaiting.raceName, kind.session === 'race' ? 'Results' : 'Qualifying results')}
        </BehindNote>
      )}
      {shown.length > 0 && (
        <ol className={styles.rounds}>
          {shown.map((round) => (
            <li key={round.round}>
              <RoundCard race={round}>{kind.renderTable(round)}</RoundCard>
            </li>
          ))}
        </ol>
      )}
      {shown.length === 0 && feed.rounds.length > 0 && (
        <p className={styles.note} role="status">
          No loaded round matches “{search.trim()}”.
        </p>
      )}
      {phase === 'done' && feed.rounds.length === 0 && !feed.failed && (
        <p className={styles.note}>
          No {kind.name.toLowerCase()} for {season} yet.
        </p>
      )}
      {loading && <RoundCardSkeleton />}
      {phase !== 'done' && (
        <button ref={prompt} type="button" className={styles.prompt} aria-disabled={loading} onClick={loadMore}>
          {loading ? <LoadingText /> : kind.scrollPrompt}
        </button>
      )}
    </>
  );
}

function LoadingText() {
  return (
    <>
      <span aria-hidden="true" className={styles.wheel}>
        <Spinner size="sm" />
      </span>
      Loading...
    </>
  );
}

/** Before the feed can start: the first round's placeholder and the loading text of docs/product.md (Results). */
function LoadingRound() {
  return (
    <>
      <RoundCardSkeleton />
      <p className={styles.prompt}>
        <LoadingText />
      </p>
    </>
  );
}
