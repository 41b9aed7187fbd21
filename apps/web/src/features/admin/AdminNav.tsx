import { Link } from 'react-router';
import styles from './admin.module.css';

const ADMIN_PAGES = [
  { to: '/admin/season-events', label: 'Season events', about: 'Add and correct the calendar' },
  { to: '/admin/driver-editor', label: 'Driver editor', about: 'Names, numbers, photos' },
  { to: '/admin/team-editor', label: 'Team editor', about: 'Names, colours, logos' },
  { to: '/update-teams', label: 'Update teams', about: 'Line-ups for the next round' },
  { to: '/admin/test', label: 'Diagnostics', about: 'Database, cache, mail, sources' },
  { to: '/test', label: 'Health summary', about: 'Every check at a glance' },
];

/** The admin pages, one tap away from the dashboard. */
export function AdminNav() {
  return (
    <nav aria-label="Admin pages" className={styles.nav}>
      <ul className={styles.navList}>
        {ADMIN_PAGES.map((page) => (
          <li key={page.to}>
            <Link to={page.to} className={styles.navLink}>
              <span className={styles.navLabel}>{page.label}</span>
              <span className={styles.navAbout}>{page.about}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
