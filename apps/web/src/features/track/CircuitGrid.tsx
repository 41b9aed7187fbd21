import { Link } from 'react-router';
import type { TrackCircuit } from '@slipstream/contract';
import { apiUrl } from '../../lib/api';
import { useDarkMode } from '../../lib/theme';
import styles from './CircuitGrid.module.css';

type CircuitGridProps = {
  season: number;
  circuits: TrackCircuit[];
  selectedKey: string | undefined;
  /** The link to a circuit of this season. */
  linkTo: (circuit: TrackCircuit) => string;
  onPick: () => void;
};

/** Every circuit of the season as a small drawing, in round order; each shows that circuit above. */
export function CircuitGrid({ season, circuits, selectedKey, linkTo, onPick }: CircuitGridProps) {
  const [dark] = useDarkMode();
  return (
    <section aria-labelledby="season-circuits" className={styles.section}>
      <h2 id="season-circuits" className={styles.heading}>
        Every circuit of {season}
      </h2>
      <ul className={styles.grid}>
        {circuits.map((circuit) => (
          <li key={circuit.key}>
            <Link
              to={linkTo(circuit)}
              className={styles.card}
              aria-current={circuit.key === selectedKey ? 'true' : undefined}
              onClick={onPick}
            >
              <img
                className={styles.thumbnail}
                src={apiUrl('circuitDrawing', { layoutId: circuit.layoutId }, { variant: dark ? 'white' : 'black' })}
                alt=""
                width={500}
                height={500}
                loading="lazy"
                decoding="async"
                onError={(event) => (event.currentTarget.hidden = true)}
              />
              <span className={styles.round}>Round {circuit.races.map((race) => race.round).join(', ')}</span>
              <span className={styles.name}>{circuit.name}</span>
              <span className={styles.country}>{circuit.countryName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
