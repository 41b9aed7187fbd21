import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../lib/ui/Button';
import { Skeleton } from '../../../lib/ui/Skeleton';
import styles from './Analysis.module.css';

// The charts and their library load only when a fan opens the analysis: never in the page's start-up JavaScript.
const AnalysisView = lazy(() => import('./AnalysisView').then((module) => ({ default: module.AnalysisView })));

/** The meeting page's "Analysis": lap chart, gaps, tyres, lap times, pit stops and a two-driver comparison. */
export function AnalysisSection({ season, slug }: { season: number; slug: string }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Analysis</h2>
      {open ? (
        <Suspense
          fallback={
            <>
              <p role="status" className="visually-hidden">
                Loading the analysis…
              </p>
              <Skeleton shape="block" height="24rem" />
            </>
          }
        >
          <AnalysisView season={season} slug={slug} />
        </Suspense>
      ) : (
        <>
          <p className={styles.intro}>Every lap of the weekend’s sessions: positions, gaps, tyres, lap times and pit stops, as charts and tables.</p>
          <Button onClick={() => setOpen(true)}>Show the analysis</Button>
        </>
      )}
    </section>
  );
}
