import { useId } from 'react';
import type { MeetingDetailResponse } from '@slipstream/contract';
import { CircuitMap } from './CircuitMap';
import styles from './CircuitCard.module.css';

const DIRECTIONS: Record<string, string> = { CLOCKWISE: 'Clockwise', ANTI_CLOCKWISE: 'Anti-clockwise' };
const TYPES: Record<string, string> = { RACE: 'Race circuit', ROAD: 'Road circuit', STREET: 'Street circuit' };

const kilometres = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

/** The circuit's drawing and the facts of its layout and this race. */
export function CircuitCard({ meeting }: { meeting: MeetingDetailResponse }) {
  const { circuit, circuitFacts: facts } = meeting;
  const headingId = useId();
  const known: [term: string, value: string | null][] = [
    ['Circuit length', facts.length === null ? null : `${kilometres.format(facts.length)} km`],
    ['Turns', facts.turns === null ? null : String(facts.turns)],
    ['Direction', DIRECTIONS[facts.direction] ?? facts.direction],
    ['Laps', String(facts.laps)],
    ['Race distance', `${kilometres.format(facts.distance)} km`],
    ['First Grand Prix', facts.firstGrandPrixYear === null ? null : String(facts.firstGrandPrixYear)],
  ];
  const rows = known.filter((row): row is [string, string] => row[1] !== null);

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {circuit.fullName}
      </h2>
      <p className={styles.place}>
        {TYPES[facts.type] ?? facts.type} · {circuit.placeName}, {circuit.countryName}
      </p>
      <CircuitMap circuit={circuit} className={styles.map} />
      <dl className={styles.facts}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.fact}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
