import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminJob, DataStatusResponse, NewsRefreshResponse } from '@slipstream/contract';
import { api } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/time';
import { Button } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { QueryState } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { adminKeys } from './adminQueries';
import { Fact } from '../../lib/ui/Fact';
import { failureText, formatCount } from './adminText';
import styles from './admin.module.css';

/** How often a running re-import is asked for its progress. */
const JOB_POLL_MS = 1000;

/** How current the data is, and the three actions that bring it up to date. */
export function DataStatusSection() {
  const status = useQuery({ queryKey: adminKeys.status, queryFn: () => api('adminStatus') });
  return (
    <Card as="section" title="Data status">
      <div className={styles.sections}>
        <QueryState query={status} pending={<Skeleton lines={4} />} error={failureText}>
          {(data) => <StatusFacts status={data} />}
        </QueryState>
        <DataActions />
      </div>
    </Card>
  );
}

function StatusFacts({ status }: { status: DataStatusResponse }) {
  const { lastImport } = status;
  return (
    <div className={styles.stack}>
      <h3 className={styles.subheading}>F1 data</h3>
      {lastImport ? (
        <dl className={styles.facts}>
          <Fact term="Version" className={styles.fact}>{lastImport.version}</Fact>
          <Fact term="Results up to" className={styles.fact}>{formatDate(lastImport.dataDate)}</Fact>
          <Fact term="Last import" className={styles.fact}>{formatDateTime(lastImport.finishedAt)}</Fact>
          <Fact term="Rows changed then" className={styles.fact}>{formatCount(lastImport.changedRows)}</Fact>
          <Fact term="Imports so far" className={styles.fact}>{formatCount(status.importCount)}</Fact>
        </dl>
      ) : (
        <p className={styles.muted}>No F1 data has been imported yet.</p>
      )}

      <h3 className={styles.subheading}>News feeds</h3>
      {status.newsSources.length === 0 ? (
        <p className={styles.muted}>No news feeds are configured.</p>
      ) : (
        <ul className={styles.plainList}>
          {status.newsSources.map((source) => (
            <li key={source.name} className={styles.sourceRow}>
              <span className={styles.strong}>{source.name}</span>
              <span className={styles.muted}>
                {source.lastSuccessAt ? `Last fetched ${formatDateTime(source.lastSuccessAt)}` : 'Never fetched'}
                {source.lastError && source.consecutiveFailures > 0 && ` · failing (${source.consecutiveFailures}): ${source.lastError}`}
              </span>
            </li>
          ))}
        </ul>
      )}

      <h3 className={styles.subheading}>Rows</h3>
      <dl className={styles.facts}>
        {status.tables.map((table) => (
          <Fact key={table.name} term={table.name} className={styles.fact}>{formatCount(table.rows)}</Fact>
        ))}
      </dl>
    </div>
  );
}

function DataActions() {
  const queryClient = useQueryClient();
  const refreshAfterChange = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.status });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
  };
  const [jobId, setJobId] = useState<string | null>(null);
  const startReimport = useMutation({ mutationFn: () => api('startReimport'), onSuccess: (job) => setJobId(job.id) });
  const refreshNews = useMutation({ mutationFn: () => api('refreshNewsNow'), onSuccess: refreshAfterChange });
  const recompute = useMutation({ mutationFn: () => api('recomputeStandings'), onSuccess: refreshAfterChange });
  const job = useQuery({
    queryKey: adminKeys.job(jobId ?? ''),
    queryFn: () => api('adminJob', { params: { id: jobId! } }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? JOB_POLL_MS : false),
  });
  const jobRunning = startReimport.isPending || job.data?.status === 'running' || (jobId !== null && job.isPending);
  const jobStatus = job.data?.status;
  useEffect(() => {
    if (jobStatus && jobStatus !== 'running') refreshAfterChange();
    // refreshAfterChange only invalidates; the job's end is the event.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobStatus]);

  return (
    <div className={styles.stack}>
      <h3 className={styles.subheading}>Actions</h3>
      <div className={styles.actions}>
        <Button onClick={() => startReimport.mutate()} disabled={jobRunning}>
          {jobRunning ? 'Re-importing…' : 'Re-import F1 data'}
        </Button>
        <Button variant="secondary" onClick={() => refreshNews.mutate()} disabled={refreshNews.isPending}>
          {refreshNews.isPending ? 'Refreshing news…' : 'Refresh news'}
        </Button>
        <Button variant="secondary" onClick={() => recompute.mutate()} disabled={recompute.isPending}>
          {recompute.isPending ? 'Recomputing…' : 'Recompute standings'}
        </Button>
      </div>
      <div aria-live="polite" className={styles.stack}>
        {startReimport.isError && <ErrorNote message={failureText(startReimport.error)} />}
        <QueryState query={job} pending={null} error={failureText}>
          {(report) => <JobReport job={report} />}
        </QueryState>
        {refreshNews.isError && <ErrorNote message={failureText(refreshNews.error)} />}
        {refreshNews.data && <NewsReport result={refreshNews.data} />}
        {recompute.isError && <ErrorNote message={failureText(recompute.error)} />}
        {recompute.data && <p className={styles.success}>{recompute.data.message}</p>}
      </div>
    </div>
  );
}

function JobReport({ job }: { job: AdminJob }) {
  if (job.status === 'running') {
    return (
      <div className={styles.progress}>
        <label htmlFor={`job-${job.id}`}>Re-import: {job.progress}</label>
        <progress id={`job-${job.id}`} max={1} value={job.fraction} />
      </div>
    );
  }
  if (job.status === 'failed') return <ErrorNote message={`The re-import failed: ${job.error ?? 'unknown error'}`} />;
  const result = job.result!;
  const changed = Object.entries(result.changes);
  return (
    <div className={styles.success}>
      <p>
        Re-import finished: F1DB {result.version}, results up to {formatDate(result.dataDate)}.{' '}
        {result.changedRows === 0 ? 'Nothing changed: the database already held this data.' : `${formatCount(result.changedRows)} rows changed.`}
      </p>
      {changed.length > 0 && (
        <ul className={styles.plainList}>
          {changed.map(([table, change]) => (
            <li key={table}>
              {table}: +{change.inserted} ~{change.updated} −{change.deleted}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NewsReport({ result }: { result: NewsRefreshResponse }) {
  return (
    <div className={styles.success}>
      <p>News refreshed:</p>
      <ul className={styles.plainList}>
        {result.sources.map((source) => (
          <li key={source.source}>
            {source.source}: {source.status === 'failed' ? `failed (${source.error})` : `${source.status}, ${source.inserted} new, ${source.updated} updated`}
          </li>
        ))}
      </ul>
    </div>
  );
}
