import { Link } from 'react-router';
import { initials } from '../../lib/text';
import { paths } from '../../lib/paths';
import { PhotoBadge } from '../../lib/ui/PhotoBadge';
import { useAuth, userDisplayName } from '../auth';
import type { MenuItem } from './menuItems';
import { NavDropdown } from './NavDropdown';
import styles from './AccountNav.module.css';

/** The account entries of the menus: Profile, Update profile and Sign out for a signed-in visitor. */
export function useProfileMenuItems(): MenuItem[] {
  const { signOut } = useAuth();
  return [
    { label: 'Profile', to: paths.profile },
    { label: 'Update profile', to: paths.updateProfile },
    { label: 'Sign out', onSelect: () => void signOut() },
  ];
}

/** The navbar's right side: Log In and Sign Up, or the profile badge with its menu. */
export function AccountNav() {
  const auth = useAuth();
  const profileItems = useProfileMenuItems();

  if (auth.status !== 'signedIn') {
    return (
      <div className={styles.anonymous}>
        <Link to={paths.login} className={styles.login}>
          Log In
        </Link>
        <Link to={paths.signup} className={styles.signup}>
          Sign Up
        </Link>
      </div>
    );
  }
  const name = userDisplayName(auth.user);
  return (
    <NavDropdown
      align="end"
      ariaLabel={`Account menu for ${name}`}
      label={
        <span className={styles.badge}>
          <PhotoBadge src={auth.user.photoUrl} alt="" fallback={initials(name)} colour="#e10600" size={32} />
          <span className={styles.name}>{name}</span>
        </span>
      }
      items={profileItems}
    />
  );
}
