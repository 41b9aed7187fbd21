import type { DriverRaceResult } from '@slipstream/contract';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { ProvisionalBadge } from '../../lib/ui/Provisional';
import { formatPoints } from './rules';
import styles from './SeasonResults.module.css';

/** Grid "PL" is F1DB's pit-lane start. */
const PIT_LANE = 'PL';
const NONE = '–';

/** The driver's season race by race: round, Grand Prix (to its meeting page), grid, finish, points, sprint. */
export function SeasonResults({ season, results }: { season: number; results: DriverRaceResult[] }) {
  return (
    <div className={styles.scroller} role="region" aria-labelledby="season-results-caption" tabIndex={0}>
      <table className={styles.table}>
        <caption id="season-results-caption" className="visually-hidden">
          Results of {season}, race by race
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.number}>
              <abbr title="Round">Rd</abbr>
            </th>
            <th scope="col">Grand Prix</th>
            <th scope="col" className={styles.number}>
              Grid
            </th>
            <th scope="col" className={styles.number}>
              Finish
            </th>
            <th scope="col" className={styles.number}>
              <abbr title="Points">Pts</abbr>
            </th>
            <th scope="col" className={styles.number}>
              Sprint
            </th>
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <ResultRow key={result.raceId} season={season} result={result} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResultRow({ season, result }: { season: number; result: DriverRaceResult }) {
  return (
    <tr>
      <td className={styles.number}>{result.round}</td>
      <th scope="row" className={styles.race}>
        <Link to={paths.meeting(season, result.slug)}>
          <MeetingName name={result.meetingName} />
        </Link>
        {result.provisional && (
          <>
            {' '}
            <ProvisionalBadge />
          </>
        )}
      </th>
      <td className={styles.number}>
        {result.grid === PIT_LANE ? <abbr title="Pit lane">PL</abbr> : (result.grid ?? NONE)}
      </td>
      <td className={styles.number}>
        <Finish result={result} />
      </td>
      <td className={styles.number}>{result.positionText === null ? NONE : formatPoints(result.points)}</td>
      <td className={styles.number}>
        {result.sprintPositionText === null ? (
          NONE
        ) : (
          <>
            {result.sprintPositionText}
            {result.sprintPoints > 0 && <span className={styles.sprintPoints}> +{formatPoints(result.sprintPoints)}</span>}
          </>
        )}
      </td>
    </tr>
  );
}

const GRAND_PRIX = ' Grand Prix';

/** "Australian Grand Prix", shortened on a phone to "Australian" under the column's "Grand Prix" (still read in full). */
function MeetingName({ name }: { name: string }) {
  if (!name.endsWith(GRAND_PRIX)) return name;
  return (
    <>
      {name.slice(0, -GRAND_PRIX.length)}
      <span className={styles.grandPrix}>{GRAND_PRIX}</span>
    </>
  );
}

/** The finishing place ("3", "DNF"), with the reason underneath unless the driver simply finished. */
function Finish({ result }: { result: DriverRaceResult }) {
  if (result.positionText === null) return NONE;
  const podium = ['1', '2', '3'].includes(result.positionText);
  return (
    <>
      <span className={styles.place} data-podium={podium || undefined}>
        {result.positionText}
      </span>
      {result.status && result.status !== 'Finished' && <span className={styles.status}>{result.status}</span>}
    </>
  );
}
