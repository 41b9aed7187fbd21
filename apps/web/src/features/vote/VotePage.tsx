import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { OwnBallot, VoteStateResponse, VotingRace, VotingWindow } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { paths } from '../../lib/paths';
import { formatDate, formatDateTime } from '../../lib/time';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { QueryState } from '../../lib/ui/QueryState';
import { Page } from '../../lib/ui/Page';
import { Skeleton } from '../../lib/ui/Skeleton';
import { BallotForm } from './BallotForm';
import { voteStateQuery } from './queries';
import { useCastVote } from './useCastVote';
import { RaceResults } from './RaceResults';
import styles from './VotePage.module.css';
import { useResultsStream } from '../../lib/useResultsStream';
import { ProvisionalNote } from '../../lib/ui/Provisional';

function VotePage() {
  useResultsStream();
  const state = useQuery(voteStateQuery);
  return (
    <Page page="vote" lead={PAGE_DESCRIPTIONS.vote}>
      <QueryState query={state} pending={<VoteSkeleton />} error={(error) => error.message}>
        {(data) => <Vote state={data} />}
      </QueryState>
      <p className={styles.more}>
        <Link to={paths.voteResults}>Every race’s vote results</Link>
      </p>
    </Page>
  );
}

function Vote({ state }: { state: VoteStateResponse }) {
  const castVote = useCastVote();
  const { race, window, candidates, ballot, voter } = state;
  return (
    <div className={styles.vote}>
      <RaceHeader race={race} window={window} />
      {candidates.provisional && (
        <ProvisionalNote text="The race classification is provisional: it comes from F1's live timing and F1DB has not confirmed it yet." />
      )}
      {castVote.isError && <ErrorNote message={castVote.error.message} />}
      {window.status === 'open' && !ballot ? (
        <BallotForm
          raceId={race.raceId}
          candidates={candidates}
          anonymous={voter === 'visitor'}
          submitting={castVote.isPending}
          onSubmit={(ballot) => castVote.mutate(ballot)}
        />
      ) : (
        <>
          {ballot && <YourVote ballot={ballot} justCast={castVote.isPending || castVote.isSuccess} anonymous={voter === 'visitor'} />}
          <Results state={state} counting={castVote.isPending} />
        </>
      )}
    </div>
  );
}

function RaceHeader({ race, window }: { race: VotingRace; window: VotingWindow }) {
  return (
    <header className={styles.race}>
      <p className={styles.kicker}>
        Round {race.round} of {race.season} · {formatDate(race.raceEnd)}
      </p>
      <h2 className={styles.raceName}>{race.meetingName}</h2>
      <p className={styles.window} data-status={window.status}>
        {windowNote(race, window)}
      </p>
    </header>
  );
}

/** When voting opens, or that it is open or closed, by the server's racing clock. */
function windowNote(race: VotingRace, window: VotingWindow): string {
  if (window.status === 'open') {
    return window.closesAt ? `Voting is open until ${formatDateTime(window.closesAt)}.` : 'Voting is open.';
  }
  if (window.status === 'pending') {
    const until = window.closesAt ? ` and stays open until ${formatDateTime(window.closesAt)}` : '';
    return `The results of the ${race.meetingName} are not in yet. Voting opens once they are${until}.`;
  }
  const next = window.next ? ` Voting for the ${window.next.meetingName} opens on ${formatDateTime(window.next.opensAt)}, when its race ends.` : '';
  return `Voting for the ${race.meetingName} has closed.${next}`;
}

function YourVote({ ballot, justCast, anonymous }: { ballot: OwnBallot; justCast: boolean; anonymous: boolean }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { picks } = ballot;
  // The form and its button are gone once the vote is cast: focus moves on to what replaced them.
  useEffect(() => {
    if (justCast) heading.current?.focus();
  }, [justCast]);
  return (
    <section className={styles.yourVote} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        Your vote
      </h2>
      <p role="status">{justCast ? 'Thanks for voting!' : `Already voted. You voted on ${formatDateTime(ballot.votedAt)}.`}</p>
      {anonymous && <p className={styles.muted}>Voting anonymously: saved on this device only</p>}
      <dl className={styles.picks}>
        <div>
          <dt>Best Point Scorer</dt>
          <dd>{picks.bestPointScorer.name}</dd>
        </div>
        <div>
          <dt>Best Of The Rest</dt>
          <dd>{picks.bestOfTheRest.name}</dd>
        </div>
        <div>
          <dt>Best Team</dt>
          <dd>{picks.bestTeam.name}</dd>
        </div>
      </dl>
    </section>
  );
}

function Results({ state, counting }: { state: VoteStateResponse; counting: boolean }) {
  const headingId = useId();
  const { results, ballot } = state;
  return (
    <section className={styles.results} aria-labelledby={headingId} aria-busy={counting}>
      <div className={styles.resultsHeader}>
        <h2 id={headingId} className={styles.sectionTitle}>
          Results
        </h2>
        <p className={styles.muted}>{counting ? 'Counting your vote…' : totalLabel(results.totalVotes)}</p>
      </div>
      <RaceResults tally={results} ownPicks={ballot?.picks} />
    </section>
  );
}

function totalLabel(votes: number): string {
  return votes === 1 ? '1 vote so far' : `${votes} votes so far`;
}

/** The header and three categories, at about their loaded size. */
function VoteSkeleton() {
  return (
    <div className={styles.vote} role="status" aria-label="Loading the vote">
      <div className={styles.race}>
        <Skeleton width="12rem" />
        <Skeleton width="16rem" height="2rem" shape="block" />
        <Skeleton width="20rem" />
      </div>
      <div className={styles.skeletonCategories}>
        {[0, 1, 2].map((category) => (
          <div key={category} className={styles.skeletonCategory}>
            <Skeleton width="10rem" height="1.6rem" shape="block" />
            <Skeleton width="14rem" />
            {Array.from({ length: 6 }, (_, row) => (
              <Skeleton key={row} height="var(--tap)" shape="block" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

export { VotePage as Component };
