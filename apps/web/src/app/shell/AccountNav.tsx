import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, ApiError } from '../../lib/api';
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

/** Whether the signed-in user may open the admin pages; the admin guard asks again on each visit. */
function useIsAdmin(): boolean {
  const { status, user } = useAuth();
  const check = useQuery({
    queryKey: ['check-admin', user?.uid, 'menu'],
    queryFn: () =>
      api.checkAdmin().then(
        () => true,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 403) return false;
          throw error;
        },
      ),
    enabled: status === 'signedIn',
    staleTime: 5 * 60_000,
    retry: false,
  });
  return check.data === true;
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
