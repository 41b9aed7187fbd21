import { useId, useState, type CSSProperties, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  ANONYMOUS_VOTING_NOTE,
  CATEGORY_REQUIRED_MESSAGE,
  VOTE_CATEGORIES,
  voteCategoryLabels,
  type BallotRequest,
  type DriverCandidate,
  type VoteCandidates,
  type VoteCategory,
} from '@slipstream/contract';
import { cssColour } from '../../lib/colour';
import { paths } from '../../lib/paths';
import { Button } from '../../lib/ui/Button';
import styles from './BallotForm.module.css';

type BallotFormProps = {
  raceId: number;
  candidates: VoteCandidates;
  anonymous: boolean;
  submitting: boolean;
  onSubmit(ballot: BallotRequest): void;
};

/**
 * mark: a driver's place ("P7", or "DNF", "DSQ"...); detail: why an unclassified driver is unclassified;
 * points: what the driver or team scored, where the category shows it.
 */
type Option = {
  id: string;
  mark: string | null;
  name: string;
  team: string | null;
  detail: string | null;
  points: string | null;
  colour: string;
};

const HINTS: Record<VoteCategory, string> = {
  bestPointScorer: 'Drivers who finished in the points.',
  bestOfTheRest: 'Everyone else: they scored no points in this race.',
  bestTeam: 'The teams of this race, with their points in it.',
};

/** The ballot: one pick in each of the three categories, all required. */
export function BallotForm({ raceId, candidates, anonymous, submitting, onSubmit }: BallotFormProps) {
  const [picks, setPicks] = useState<Partial<Record<VoteCategory, string>>>({});
  const [showMissing, setShowMissing] = useState(false);
  const errorId = useId();
  const missing = VOTE_CATEGORIES.filter((category) => !picks[category]);

  const options: Record<VoteCategory, Option[]> = {
    bestPointScorer: candidates.bestPointScorer.map((driver) => ({ ...driverOption(driver), points: pointsLabel(driver.points) })),
    bestOfTheRest: candidates.bestOfTheRest.map(driverOption),
    bestTeam: candidates.bestTeam.map((team) => ({
      id: team.constructorId,
      mark: null,
      name: team.name,
      team: null,
      detail: null,
      points: pointsLabel(team.points),
      colour: team.teamColour,
    })),
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    // The message shows beside the button just pressed, the categories still to pick are outlined.
    if (missing.length > 0) {
      setShowMissing(true);
      return;
    }
    onSubmit({ raceId, bestPointScorer: picks.bestPointScorer!, bestOfTheRest: picks.bestOfTheRest!, bestTeam: picks.bestTeam! });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Your vote">
      {anonymous && (
        <p className={styles.note}>
          <strong>{ANONYMOUS_VOTING_NOTE}</strong>
          <span>
            <Link to={paths.login}>Log in</Link> to vote with your account.
          </span>
        </p>
      )}
      <div className={styles.categories}>
        {VOTE_CATEGORIES.map((category) => (
          <Category
            key={category}
            category={category}
            options={options[category]}
            picked={picks[category]}
            invalid={showMissing && missing.includes(category)}
            errorId={errorId}
            onPick={(id) => setPicks((current) => ({ ...current, [category]: id }))}
          />
        ))}
      </div>
      <div className={styles.submit}>
        {showMissing && missing.length > 0 && (
          <p id={errorId} role="alert" className={styles.error}>
            {CATEGORY_REQUIRED_MESSAGE}
          </p>
        )}
        <Button type="submit" disabled={submitting}>
          Submit vote
        </Button>
      </div>
    </form>
  );
}

type CategoryProps = {
  category: VoteCategory;
  options: Option[];
  picked: string | undefined;
  invalid: boolean;
  errorId: string;
  onPick(id: string): void;
};

function Category({ category, options, picked, invalid, errorId, onPick }: CategoryProps) {
  const hintId = useId();
  return (
    <fieldset className={styles.category} data-invalid={invalid || undefined} aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}>
      <legend className={styles.legend}>{voteCategoryLabels[category]}</legend>
      <p id={hintId} className={styles.hint}>
        {HINTS[category]}
      </p>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.id} className={styles.option} style={{ '--team': cssColour(option.colour) } as CSSProperties}>
            <input
              type="radio"
              className={styles.radio}
              name={category}
              value={option.id}
              checked={picked === option.id}
              onChange={() => onPick(option.id)}
            />
            {option.mark && <span className={styles.mark}>{option.mark}</span>}
            <span className={styles.who}>
              <span className={styles.name}>{option.name}</span>
              {option.team && (
                <span className={styles.team}>
                  <span className="visually-hidden">, </span>
                  {option.detail ? `${option.team} · ${option.detail}` : option.team}
                </span>
              )}
            </span>
            {option.points && <span className={styles.points}>{option.points}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A driver with their place: "P7", or "DSQ" and why ("Disqualified") when unclassified. */
function driverOption(driver: DriverCandidate): Option {
  const classified = driver.positionNumber !== null;
  return {
    id: driver.driverId,
    mark: classified ? `P${driver.positionNumber}` : driver.positionText,
    name: `${driver.firstName} ${driver.lastName}`,
    team: driver.teamName,
    detail: classified ? null : driver.status,
    points: null,
    colour: driver.teamColour,
  };
}

function pointsLabel(points: number): string {
  return points > 0 ? `+${points} pts` : '0 pts';
}
