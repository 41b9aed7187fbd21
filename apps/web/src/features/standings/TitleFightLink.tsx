import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import styles from './Standings.module.css';

/** After the standings: who can still win, with the points left (the title fight page). */
export function TitleFightLink() {
  return (
    <p className={styles.titleFight}>
      <Link to={paths.titleFight()}>Who can still win the titles?</Link> See the points still to play for and try your own results.
    </p>
  );
}
