import { Outlet, ScrollRestoration } from 'react-router';
import { PageSpinner } from '../../lib/ui/Spinner';
import { useAuth } from '../auth';
import { CookieNotice } from './CookieNotice';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { OfflineBanner } from './OfflineBanner';
import { ScrollToTop } from './ScrollToTop';
import styles from './Shell.module.css';

/** What shows while the app starts: the first page's code loading, the authentication state unknown. */
export function StartSpinner() {
  return <PageSpinner label="Loading Slipstream…" />;
}

/** The frame of every page. Nothing but a spinner until the first authentication state is known (spec). */
export function Shell() {
  const { status } = useAuth();
  if (status === 'loading') return <StartSpinner />;
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <Navbar />
      <OfflineBanner />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <CookieNotice />
      <ScrollToTop />
      <ScrollRestoration />
    </div>
  );
}
