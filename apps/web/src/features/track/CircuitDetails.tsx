import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { TrackCircuit } from '@slipstream/contract';
import { cssColour } from '../../lib/colour';
import { paths } from '../../lib/paths';
import { formatDate } from '../../lib/time';
import { circuitTypeLabel, directionLabel, kilometres } from './labels';
import { Fact } from '../../lib/ui/Fact';
import styles from './CircuitDetails.module.css';

/** A circuit's facts as raced that season, its lap record and the winners of its latest races. */
export function CircuitDetails({ circuit, season }: { circuit: TrackCircuit; season: number }) {
  const { facts } = circuit;
  return (
    <div className={styles.details}>
      <div>
        <h2 className={styles.name}>{circuit.fullName}</h2>
        <p className={styles.place}>
          {circuit.placeName}, {circuit.countryName} · {circuitTypeLabel(facts.type)}
        </p>
        <ul className={styles.races}>
          {circuit.races.map((race) => (
            <li key={race.round}>
              Round {race.round}:{' '}
              <Link to={paths.meeting(season, race.slug)}>{race.meetingName}</Link>, {formatDate(race.date)}
            </li>
          ))}
        </ul>
      </div>

      <dl className={styles.facts}>
        <Fact term="Length" className={styles.fact}>{kilometres(facts.length)}</Fact>
        <Fact term="Turns" className={styles.fact}>{String(facts.turns)}</Fact>
        <Fact term="Direction" className={styles.fact}>{directionLabel(facts.direction)}</Fact>
        <Fact term="Laps" className={styles.fact}>{String(facts.laps)}</Fact>
        <Fact term="Race distance" className={styles.fact}>{kilometres(facts.distance)}</Fact>
        <Fact term="First Grand Prix" className={styles.fact}>{`${circuit.firstGrandPrix.season} ${circuit.firstGrandPrix.meetingName}`}</Fact>
      </dl>

      <section aria-labelledby="lap-record">
        <h3 id="lap-record" className={styles.subheading}>
          Lap record
        </h3>
        {circuit.lapRecord ? (
          <p className={styles.record}>
            <strong className={styles.recordTime}>{circuit.lapRecord.time}</strong>{' '}
            <span>
              {circuit.lapRecord.driverName} ({circuit.lapRecord.teamName}), {circuit.lapRecord.season} {circuit.lapRecord.meetingName}
            </span>
          </p>
        ) : (
          <p className={styles.muted}>No race on this layout has a fastest lap in our data.</p>
        )}
        <p className={styles.source}>
          The fastest lap of any race on this layout, from the race fastest laps in F1DB; qualifying laps are not counted.
        </p>
      </section>

      <section aria-labelledby="last-winners">
        <h3 id="last-winners" className={styles.subheading}>
          Last winners here
        </h3>
        {circuit.lastWinners.length > 0 ? (
          <ol className={styles.winners}>
            {circuit.lastWinners.map((winner) => (
              <li key={`${winner.season}-${winner.slug}`} className={styles.winner} style={{ '--team': cssColour(winner.teamColour) } as CSSProperties}>
                <span className={styles.winnerYear}>{winner.season}</span>
                <span>
                  <span className={styles.winnerName}>{winner.driverName}</span>
                  <span className={styles.muted}>
                    {' '}
                    {winner.teamName} · <Link to={paths.meeting(winner.season, winner.slug)}>{winner.meetingName}</Link>
                  </span>
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.muted}>No race here has finished yet.</p>
        )}
      </section>
    </div>
  );
}

