import { lazy, Suspense } from 'react';
import { useAuth } from '../../lib/auth';
import { useLeftNotice } from '../../lib/notice';
import { deferred } from '../../lib/deferred';
import { Page } from '../../lib/ui/Page';
import { AccountTeaser } from './AccountTeaser';
import { MeetingHero } from './MeetingHero';
import styles from './HomePage.module.css';
import { useResultsStream } from '../../lib/useResultsStream';

// Only a signed-in user sees them, so anonymous visitors never load their code.
const FavouriteCards = lazy(() => import('../account').then((module) => ({ default: module.FavouriteCards })));
// Below the meeting: their code loads after the page's, and the app takes them over after the rest.
const FansChoicePreview = deferred(() => import('../vote').then((module) => module.FansChoicePreview));
const LatestNews = deferred(() => import('../news').then((module) => module.LatestNews));
const LastRaceResults = deferred(() => import('./LastRaceResults').then((module) => module.LastRaceResults));
const WeekendSessions = deferred(() => import('./WeekendSessions').then((module) => module.WeekendSessions));
const StandingsSnapshot = deferred(() => import('../standings').then((module) => module.StandingsSnapshot));

function HomePage() {
  useResultsStream();
  const auth = useAuth();
  const notice = useLeftNotice();
  return (
    <Page page="home" heading="Formula 1, one lap ahead">
      <div className={styles.home}>
        {notice && (
          <p className={styles.notice} role="status">
            {notice}
          </p>
        )}
        <div className={styles.top}>
          <MeetingHero />
          {auth.status === 'anonymous' && (
            <aside className={styles.side} aria-label="Your account">
              <AccountTeaser />
            </aside>
          )}
          {auth.status === 'signedIn' && (
            <aside className={styles.side} aria-label="Your favourites">
              <Suspense fallback={null}>
                <FavouriteCards />
              </Suspense>
            </aside>
          )}
        </div>
        <WeekendSessions />
        <div className={styles.vote}>
          <FansChoicePreview />
        </div>
        <LatestNews />
        <LastRaceResults />
        <StandingsSnapshot />
      </div>
    </Page>
  );
}

export { HomePage as Component };
