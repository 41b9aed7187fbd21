import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { DiagnosticCheck, DiagnosticsResponse } from '@slipstream/contract';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/time';
import { Button } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { QueryState } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { adminKeys } from './adminQueries';
import { failureText } from './adminText';
import { Fact } from '../../lib/ui/Fact';
import styles from './admin.module.css';

/** Runs the server's diagnostics and shows them: the summary alone, or every detail. */
export function Diagnostics({ detail }: { detail: 'summary' | 'full' }) {
  const diagnostics = useQuery({ queryKey: adminKeys.diagnostics, queryFn: () => api('diagnostics') });
  return (
    <QueryState query={diagnostics} pending={<Skeleton lines={6} />} error={failureText}>
      {(data) => <Report diagnostics={data} detail={detail} rechecking={diagnostics.isFetching} recheck={() => void diagnostics.refetch()} />}
    </QueryState>
  );
}

type ReportProps = { diagnostics: DiagnosticsResponse; detail: 'summary' | 'full'; rechecking: boolean; recheck: () => void };

function Report({ diagnostics, detail, rechecking, recheck }: ReportProps) {
  const rerun = (
    <Button variant="secondary" onClick={recheck} disabled={rechecking}>
      {rechecking ? 'Checking…' : 'Check again'}
    </Button>
  );
  return (
    <div className={styles.stack}>
      <Card as="section" title="Health">
        <Summary checks={diagnostics.checks} checkedAt={diagnostics.checkedAt} />
        <CheckList checks={diagnostics.checks} detail={detail} />
        {rerun}
      </Card>
      {detail === 'full' && <Setup diagnostics={diagnostics} />}
      {detail === 'full' && <TestMail />}
    </div>
  );
}

function Summary({ checks, checkedAt }: { checks: DiagnosticCheck[]; checkedAt: string }) {
  const failing = checks.filter((check) => !check.ok).length;
  return (
    <p className={failing === 0 ? styles.success : styles.warning} aria-live="polite">
      {failing === 0 ? `All ${checks.length} checks pass` : `${failing} of ${checks.length} checks need attention`} (checked{' '}
      {formatDateTime(checkedAt)}).
    </p>
  );
}

function CheckList({ checks, detail }: { checks: DiagnosticCheck[]; detail: 'summary' | 'full' }) {
  return (
    <ul className={styles.checkList}>
      {checks.map((check) => (
        <li key={check.name} className={styles.check} data-ok={check.ok}>
          <span className={styles.checkMark} aria-hidden="true">
            {check.ok ? '✓' : '!'}
          </span>
          <span>
            <span className={styles.strong}>{check.name}</span>
            <span className="visually-hidden">{check.ok ? ': ok' : ': needs attention'}</span>
            {(detail === 'full' || !check.ok) && (
              <span className={styles.checkDetail}>
                {check.detail}
                {check.at && ` (${formatDateTime(check.at)})`}
                {check.latencyMs !== null && ` · ${check.latencyMs} ms`}
              </span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Setup({ diagnostics }: { diagnostics: DiagnosticsResponse }) {
  const { database, cache, mail, f1db } = diagnostics;
  return (
    <Card as="section" title="Set-up">
      <dl className={styles.facts}>
        <Fact term="Database" className={styles.fact}>{database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, {database.migrationsApplied} of {database.migrationsKnown} migrations</Fact>
        <Fact term="Cache" className={styles.fact}>{cache.kind}</Fact>
        <Fact term="Mail" className={styles.fact}>{mail.kind === 'smtp' ? `SMTP at ${mail.target}` : `Development outbox: ${mail.target}`}, from {mail.from}</Fact>
        <Fact term="F1DB" className={styles.fact}>{f1db.dir} ({f1db.version ?? 'not readable'})</Fact>
      </dl>
    </Card>
  );
}

function TestMail() {
  const [to, setTo] = useState('');
  const inputId = useId();
  const send = useMutation({ mutationFn: (address: string) => api('sendTestMail', { body: address ? { to: address } : {} }) });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(to.trim());
  };
  return (
    <Card as="section" title="Send a test mail">
      <form className={styles.filters} onSubmit={onSubmit}>
        <div className={styles.field}>
          <label htmlFor={inputId}>To (leave empty for your own address)</label>
          <input id={inputId} type="email" autoComplete="email" value={to} onChange={(event) => setTo(event.target.value)} />
        </div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send test mail'}
        </Button>
      </form>
      <div aria-live="polite">
        {send.isError && <ErrorNote message={failureText(send.error)} />}
        {send.data && <p className={styles.success}>{send.data.message}</p>}
      </div>
    </Card>
  );
}
