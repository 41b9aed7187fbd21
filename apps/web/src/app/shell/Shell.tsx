import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { BrowserOnly } from '../../lib/hydration';
import { PageSpinner } from '../../lib/ui/Spinner';
import { useAuth } from '../../lib/auth';
import { Navbar } from './Navbar';
import { MissingDataBanner } from './MissingDataBanner';
import { OfflineBanner } from './OfflineBanner';
import { ScrollToTop } from './ScrollToTop';
import { useScrollRestoration } from './useScrollRestoration';
import styles from './Shell.module.css';

// Below the first screen or shown later: their code loads beside the page's, not before it.
const Footer = lazy(() => import('./Footer').then((module) => ({ default: module.Footer })));
const CookieNotice = lazy(() => import('./CookieNotice').then((module) => ({ default: module.CookieNotice })));

/** What shows while the app starts: the first page's code loading, the authentication state unknown. */
function StartSpinner() {
  return <PageSpinner label="Loading Slipstream…" />;
}

/** The frame of every page. Nothing but a spinner until the first authentication state is known (docs/product.md, Shell). */
export function Shell() {
  const { status } = useAuth();
  useScrollRestoration();
  if (status === 'loading') return <StartSpinner />;
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <Navbar />
      <OfflineBanner />
      <MissingDataBanner />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <BrowserOnly>
        <Suspense fallback={null}>
          <Footer />
          <CookieNotice />
        </Suspense>
      </BrowserOnly>
      <ScrollToTop />
    </div>
  );
}
