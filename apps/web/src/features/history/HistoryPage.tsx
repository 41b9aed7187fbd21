import { missingResultsText } from '../../lib/resultsKnown';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { api } from '../../lib/api';
import { Card } from '../../lib/ui/Card';
import { QueryState } from '../../lib/ui/QueryState';
import { Page } from '../../lib/ui/Page';
import { Skeleton } from '../../lib/ui/Skeleton';
import { Champions } from './Champions';
import { Records } from './Records';
import { Timeline } from './Timeline';
import styles from './HistoryPage.module.css';

export const historyQuery = queryOptions({ queryKey: ['history'], queryFn: () => api('history'), staleTime: 5 * 60_000 });

const SECTIONS = [
  { id: 'champions', label: 'Champions' },
  { id: 'records', label: 'Records' },
  { id: 'timeline', label: 'Timeline' },
];

function HistoryPage() {
  const history = useQuery(historyQuery);

  return (
    <Page page="history" lead={PAGE_DESCRIPTIONS.history}>
      <nav aria-label="On this page" className={styles.jump}>
        {SECTIONS.map((section) => (
          <a key={section.id} href={`#${section.id}`} className={styles.chip}>
            {section.label}
          </a>
        ))}
      </nav>
      <QueryState query={history} pending={<HistorySkeleton />} error={(error) => error.message}>
        {(data) => (
          <>
            {data.through && (
              <p className={styles.through}>
                Counted from the data up to round {data.through.round}, the {data.through.season} {data.through.name}.
                {data.racesMissing > 0 && ` ${missingResultsText(data.racesMissing)}`}
              </p>
            )}
            <Champions eras={data.eras} />
            <Records records={data.records} />
            <Timeline entries={data.timeline} />
          </>
        )}
      </QueryState>
    </Page>
  );
}

function HistorySkeleton() {
  return (
    <div role="status" aria-label="Loading the history" className={styles.skeleton}>
      <Skeleton width="18rem" />
      <Skeleton width="12rem" height="2rem" shape="block" />
      <Card>
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className={styles.skeletonRow}>
            <Skeleton width="3rem" height="1.5rem" shape="block" />
            <Skeleton lines={2} width="100%" />
          </div>
        ))}
      </Card>
    </div>
  );
}

export { HistoryPage as Component };
