import { Link, NavLink } from 'react-router';
import { paths } from '../../lib/paths';
import { AccountNav } from './AccountNav';
import { BurgerMenu } from './BurgerMenu';
import { Logo } from './Logo';
import { NavDropdown } from './NavDropdown';
import { useMenuEntries } from './useMenuEntries';
import styles from './Navbar.module.css';

export function Navbar() {
  const entries = useMenuEntries();

  return (
    <header className={styles.navbar}>
      <div className={styles.inner}>
        <Link to={paths.home} className={styles.brand} aria-label="Slipstream home">
          <Logo />
        </Link>
        <nav aria-label="Main" className={styles.desktop}>
          <ul className={styles.links}>
            <li>
              <NavLink to={paths.schedule} end className={styles.link}>
                Schedule
              </NavLink>
            </li>
            {entries.meeting && (
              <li>
                <NavLink to={entries.meeting.to} className={styles.link}>
                  {entries.meeting.label}
                </NavLink>
              </li>
            )}
            <li>
              <NavDropdown label="Standings" items={entries.standings} />
            </li>
            <li>
              <NavDropdown label="Results" items={entries.results} />
            </li>
            <li>
              <NavDropdown label="More" items={entries.more} />
            </li>
          </ul>
        </nav>
        <div className={styles.account}>
          <AccountNav />
        </div>
        <BurgerMenu entries={entries} />
      </div>
    </header>
  );
}
