import styles from './PositionChange.module.css';

/**
 * A change of place as an arrow and the number of places: ▲2 in green for places won, ▼1 in red for places lost,
 * "–" for none. `label` is what a screen reader hears instead ("gained 2", "up 2 places").
 */
export function PositionChange({ change, label }: { change: number; label: string }) {
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  return (
    <span className={styles.change} data-direction={direction}>
      <span aria-hidden="true">{change > 0 ? `▲${change}` : change < 0 ? `▼${-change}` : '–'}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
