import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { DISCLAIMER, DONATION_URL, F1DB } from '../../lib/site';
import { initials } from '../../lib/text';
import { ExternalIcon, HeartIcon } from '../../lib/ui/icons';
import { PhotoBadge } from '../../lib/ui/PhotoBadge';
import { useAuth, userDisplayName, type AuthUser } from '../../lib/auth';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';
import styles from './Footer.module.css';

export function Footer() {
  const auth = useAuth();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Link to={paths.home} className={styles.brand} aria-label="Slipstream home">
            <Logo />
          </Link>
          <p className={styles.disclaimer}>{DISCLAIMER}</p>
          <p className={styles.credit}>
            F1 data: <a href={F1DB.url}>{F1DB.name}</a> by {F1DB.authors}, <a href={F1DB.licenceUrl}>{F1DB.licence}</a>.
          </p>
        </div>

        <nav aria-label="Site" className={styles.links}>
          <ul>
            <li>
              <Link to={paths.info}>Info and sources</Link>
            </li>
            <li>
              <Link to={paths.privacyPolicy}>Privacy policy</Link>
            </li>
            <li>
              <Link to={paths.termsOfService}>Terms of service</Link>
            </li>
            {DONATION_URL && (
              <li>
                <a href={DONATION_URL} target="_blank" rel="noopener noreferrer" className={styles.support}>
                  <HeartIcon size={18} />
                  Support the author
                  <ExternalIcon size={14} />
                  <span className="visually-hidden">(opens in a new tab)</span>
                </a>
              </li>
            )}
          </ul>
        </nav>

        <div className={styles.side}>
          {auth.status === 'signedIn' && <SignedInAs user={auth.user} />}
          <ThemeToggle />
        </div>
      </div>
    </footer>
  );
}

function SignedInAs({ user }: { user: AuthUser }) {
  const name = userDisplayName(user);
  return (
    <div className={styles.user}>
      <PhotoBadge src={user.photoUrl} alt="" fallback={initials(name)} colour="#e10600" size={44} />
      <div className={styles.userText}>
        <span className={styles.userLabel}>Signed in as</span>
        <span className={styles.userName}>{name}</span>
        <span className={styles.userEmail}>{user.email}</span>
      </div>
    </div>
  );
}
