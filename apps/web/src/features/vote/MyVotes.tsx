import { useQuery } from '@tanstack/react-query';
import { useId, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { VOTE_CATEGORIES, voteCategoryLabels, type MyVote } from '@slipstream/contract';
import { cssColour } from '../../lib/colour';
import { paths } from '../../lib/paths';
import { formatDate } from '../../lib/time';
import { QueryState } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { myVotesQuery } from './queries';
import styles from './MyVotes.module.css';

/** The profile's "Your votes": the signed-in user's Fan's Choice ballots, the latest first. Nothing when signed out. */
export function MyVotes() {
  const headingId = useId();
  const mine = useQuery(myVotesQuery);
  if (mine.data === null) return null;
  return (
    <section className={styles.myVotes} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Your votes
      </h2>
      <QueryState query={mine} pending={<VotesSkeleton />} error={(error) => error.message}>
        {(answer) =>
          answer?.votes.length ? (
            <ol className={styles.votes}>
              {answer.votes.map((vote) => (
                <Vote key={vote.race.raceId} vote={vote} />
              ))}
            </ol>
          ) : (
            <p>
              You have not voted yet. <Link to={paths.vote}>Vote on the last race</Link>
            </p>
          )
        }
      </QueryState>
    </section>
  );
}

function Vote({ vote }: { vote: MyVote }) {
  const { race, picks } = vote;
  return (
    <li className={styles.vote}>
      <h3 className={styles.race}>
        {race.meetingName} {race.season}
      </h3>
      <p className={styles.when}>Voted on {formatDate(vote.votedAt)}</p>
      <dl className={styles.picks}>
        {VOTE_CATEGORIES.map((category) => {
          const pick = picks[category];
          return (
            <div key={category} className={styles.pick} style={{ '--team': cssColour(pick.teamColour) } as CSSProperties}>
              <dt>{voteCategoryLabels[category]}</dt>
              <dd>
                {pick.name}
                {pick.teamName && <span className={styles.team}> ({pick.teamName})</span>}
              </dd>
            </div>
          );
        })}
      </dl>
    </li>
  );
}

function VotesSkeleton() {
  return (
    <div className={styles.votes} role="status" aria-label="Loading your votes">
      {[0, 1].map((row) => (
        <div key={row} className={styles.vote}>
          <Skeleton width="14rem" height="1.4rem" shape="block" />
          <Skeleton width="8rem" />
          <Skeleton lines={3} />
        </div>
      ))}
    </div>
  );
}
