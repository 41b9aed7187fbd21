import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import type { RaceTally } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { paths } from '../../lib/paths';
import { formatDate } from '../../lib/time';
import { QueryState } from '../../lib/ui/QueryState';
import { Page } from '../../lib/ui/Page';
import { Skeleton } from '../../lib/ui/Skeleton';
import { voteResultsQuery } from './queries';
import { RaceResults, votesLabel } from './RaceResults';
import { useVoteEvents } from './useVoteEvents';
import styles from './VoteResultsPage.module.css';

function VoteResultsPage() {
  const results = useQuery(voteResultsQuery);
  useVoteEvents();
  return (
    <Page page="voteResults" lead={PAGE_DESCRIPTIONS.voteResults}>
      <QueryState query={results} pending={<ResultsSkeleton />} error={(error) => error.message}>
        {({ races }) =>
          races.length === 0 ? (
            <p className={styles.empty}>
              No votes yet. <Link to={paths.vote}>Be the first to vote on the last race.</Link>
            </p>
          ) : (
            <ol className={styles.races}>
              {races.map((tally) => (
                <RaceCard key={tally.race.raceId} tally={tally} />
              ))}
            </ol>
          )
        }
      </QueryState>
    </Page>
  );
}

function RaceCard({ tally }: { tally: RaceTally }) {
  const headingId = useId();
  const { race } = tally;
  return (
    <li>
      <article className={styles.race} aria-labelledby={headingId}>
        <header className={styles.header}>
          <h2 id={headingId} className={styles.name}>
            {race.meetingName} {race.season}
          </h2>
          <p className={styles.meta}>
            Round {race.round} · {formatDate(race.raceEnd)} · {votesLabel(tally.totalVotes)}
          </p>
        </header>
        <RaceResults tally={tally} />
      </article>
    </li>
  );
}

function ResultsSkeleton() {
  return (
    <div className={styles.races} role="status" aria-label="Loading the vote results">
      {[0, 1].map((race) => (
        <div key={race} className={styles.race}>
          <Skeleton width="16rem" height="1.8rem" shape="block" />
          <Skeleton width="12rem" />
          <Skeleton lines={6} />
        </div>
      ))}
    </div>
  );
}

export { VoteResultsPage as Component };
