import { useId, type CSSProperties } from 'react';
import { VOTE_CATEGORIES, voteCategoryLabels, type RaceTally, type VoteCategory, type VoteOption, type VotePicks } from '@slipstream/contract';
import { cssColour } from '../../lib/colour';
import styles from './RaceResults.module.css';

type RaceResultsProps = {
  tally: RaceTally;
  /** The viewer's own picks, marked "Your pick". */
  ownPicks?: VotePicks | null;
  headingLevel?: 2 | 3;
};

/** The three categories of a race's vote, each option a bar in its team's colour with its share and count as text. */
export function RaceResults({ tally, ownPicks, headingLevel = 3 }: RaceResultsProps) {
  return (
    <div className={styles.categories}>
      {VOTE_CATEGORIES.map((category) => (
        <CategoryResults
          key={category}
          category={category}
          options={tally.categories[category]}
          ownPick={ownPicks?.[category].id}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  );
}

type CategoryResultsProps = {
  category: VoteCategory;
  options: VoteOption[];
  ownPick: string | undefined;
  headingLevel: 2 | 3;
};

function CategoryResults({ category, options, ownPick, headingLevel }: CategoryResultsProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.category} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.title}>
        {voteCategoryLabels[category]}
      </Heading>
      {options.length === 0 ? (
        <p className={styles.empty}>No votes yet.</p>
      ) : (
        <ol className={styles.options}>
          {options.map((option) => (
            <li key={option.id} className={styles.option} style={{ '--team': cssColour(option.teamColour) } as CSSProperties}>
              <div className={styles.line}>
                <span className={styles.name}>
                  {option.name}
                  {option.teamName && (
                    <>
                      <span className="visually-hidden">, </span>
                      <span className={styles.team}>{option.teamName}</span>
                    </>
                  )}
                </span>
                {ownPick === option.id && <span className={styles.yours}>Your pick</span>}
                <span className={styles.figures}>
                  <span className="visually-hidden">: </span>
                  <strong>{option.percent}%</strong>
                  <span className="visually-hidden">, </span>
                  <span className={styles.votes}>{votesLabel(option.votes)}</span>
                </span>
              </div>
              <div className={styles.track} aria-hidden="true">
                <div className={styles.bar} style={{ inlineSize: `${option.percent}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function votesLabel(votes: number): string {
  return votes === 1 ? '1 vote' : `${votes} votes`;
}
