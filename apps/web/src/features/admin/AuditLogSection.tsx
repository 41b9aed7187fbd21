import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AuditEntry } from '@slipstream/contract';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/time';
import { Button } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { DayInput } from '../../lib/ui/TypedInput';
import { QueryState } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { adminKeys } from './adminQueries';
import { diffFields, showValue } from './auditDiff';
import { failureText } from './adminText';
import styles from './admin.module.css';

type Filters = { action: string; targetType: string; actor: string; from: string; to: string };
const NO_FILTERS: Filters = { action: '', targetType: '', actor: '', from: '', to: '' };

/** Filters as the API takes them: empty ones left out, days from the date pickers as local-day bounds. */
function auditQuery(filters: Filters) {
  return {
    action: filters.action.trim() || undefined,
    targetType: filters.targetType.trim() || undefined,
    actor: filters.actor.trim() || undefined,
    from: filters.from ? new Date(`${filters.from}T00:00:00`).toISOString() : undefined,
    to: filters.to ? new Date(`${filters.to}T23:59:59.999`).toISOString() : undefined,
  };
}

/** Every admin change, newest first, with what each changed. */
export function AuditLogSection() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const log = useInfiniteQuery({
    queryKey: [...adminKeys.audit, filters],
    queryFn: ({ pageParam }) => api('auditLog', { query: { ...auditQuery(filters), before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };

  return (
    <Card as="section" title="Audit log">
      <form className={styles.filters} onSubmit={onFilter} aria-label="Filter the audit log">
        <FilterField label="Action starts with" value={draft.action} placeholder="user." onChange={(action) => setDraft({ ...draft, action })} />
        <FilterField label="Target type" value={draft.targetType} placeholder="user" onChange={(targetType) => setDraft({ ...draft, targetType })} />
        <FilterField label="Actor email" value={draft.actor} onChange={(actor) => setDraft({ ...draft, actor })} />
        <FilterField label="From day" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} day />
        <FilterField label="To day" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} day />
        <div className={styles.actions}>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      <QueryState query={log} pending={<Skeleton lines={5} />} error={failureText}>
        {(data) => {
          const entries = data.pages.flatMap((page) => page.entries);
          return entries.length === 0 ? (
            <p className={styles.muted}>No audit entries{filters === NO_FILTERS ? ' yet' : ' match these filters'}.</p>
          ) : (
            <>
              <ol className={styles.auditList} aria-label="Audit entries, newest first">
                {entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </ol>
              {log.hasNextPage && (
                <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                  {log.isFetchingNextPage ? 'Loading…' : 'Older entries'}
                </Button>
              )}
            </>
          );
        }}
      </QueryState>
    </Card>
  );
}

function FilterField(props: { label: string; value: string; onChange(value: string): void; day?: boolean; placeholder?: string }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{props.label}</label>
      {props.day ? (
        <DayInput id={id} value={props.value} onChange={props.onChange} />
      ) : (
        <input id={id} type="text" value={props.value} placeholder={props.placeholder} onChange={(event) => props.onChange(event.target.value)} />
      )}
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const fields = diffFields(entry.before, entry.after);
  return (
    <li className={styles.auditRow}>
      <div className={styles.auditHead}>
        <span className={styles.strong}>{entry.action}</span>
        <span className={styles.muted}>
          {entry.targetType} {entry.targetId} · by {entry.actorEmail} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </span>
      </div>
      {fields.length > 0 && (
        <table className={styles.diff}>
          <caption className="visually-hidden">Changes of entry {entry.id}</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((change) => (
              <tr key={change.field} data-changed={change.changed}>
                <th scope="row">{change.field}</th>
                <td>{showValue(change.before)}</td>
                <td>{showValue(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}
