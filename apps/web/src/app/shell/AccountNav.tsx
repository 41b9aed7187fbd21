import { Link } from 'react-router';
import { initials } from '../../lib/text';
import { paths } from '../../lib/paths';
import { PhotoBadge } from '../../lib/ui/PhotoBadge';
import { useAuth, userDisplayName } from '../../lib/auth';
import type { MenuItem } from './menuItems';
import { NavDropdown } from './NavDropdown';
import styles from './AccountNav.module.css';

/** The account entries of the menus: Profile, Update profile, Admin for an admin, and Sign out. */
export function useProfileMenuItems(): MenuItem[] {
  const { signOut } = useAuth();
  const isAdmin = useIsAdmin();
  return [
    { label: 'Profile', to: paths.profile },
    { label: 'Update profile', to: paths.updateProfile },
    ...(isAdmin ? [{ label: 'Admin', to: paths.admin }] : []),
    { label: 'Sign out', onSelect: () => void signOut() },
  ];
}

/**
 * Whether to offer the admin pages: the signed-in account's role, as its session says. No request is made for it,
 * so a visitor who is no admin never meets a refusal; the admin guard asks the server on each admin page.
 */
function useIsAdmin(): boolean {
  const { user } = useAuth();
  return user?.role === 'admin';
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
