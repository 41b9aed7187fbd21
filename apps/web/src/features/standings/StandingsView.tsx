import { Link, useSearchParams } from 'react-router';
import styles from './StandingsView.module.css';

export type StandingsView = 'cards' | 'table';

/** The standings' view, from the address (?view=table), so a chosen view can be shared and comes back on reload. */
export function useStandingsView(): StandingsView {
  const [params] = useSearchParams();
  return params.get('view') === 'table' ? 'table' : 'cards';
}

/** Cards or a compact table: two links, the current one marked. */
export function StandingsViewSwitch({ view }: { view: StandingsView }) {
  return (
    <nav className={styles.switch} aria-label="View">
      <Link to="?" className={styles.option} aria-current={view === 'cards' ? 'page' : undefined} replace>
        Cards
      </Link>
      <Link to="?view=table" className={styles.option} aria-current={view === 'table' ? 'page' : undefined} replace>
        Table
      </Link>
    </nav>
  );
}
