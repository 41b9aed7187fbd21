import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FreshnessSource, ProvisionalDifference, ProvisionalRace, SessionKind, SourceState } from '@slipstream/contract';
import { SESSION_LABELS } from '@slipstream/contract';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/time';
import { Button } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { QueryState } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { adminKeys } from './adminQueries';
import { Fact } from '../../lib/ui/Fact';
import { failureText, formatCount } from './adminText';
import styles from './admin.module.css';

/**
 * The sources that keep the results current by themselves: each one's state, "Check now", the races whose
 * results are still provisional, and where F1DB's official results differed from the provisional ones.
 */
export function SourcesSection() {
  const sources = useQuery({ queryKey: adminKeys.sources, queryFn: () => api('adminSources') });
  return (
    <Card as="section" title="Result sources">
      <QueryState query={sources} pending={<Skeleton lines={6} />} error={failureText}>
        {(data) => (
          <div className={styles.sections}>
            {data.sources.map((source) => (
              <SourceCard key={source.source} source={source} />
            ))}
            <ProvisionalRaces races={data.provisionalRaces} />
            <Differences differences={data.differences} />
          </div>
        )}
      </QueryState>
    </Card>
  );
}

const when = (instant: string | null, never: string) => (instant ? formatDateTime(instant) : never);

function SourceCard({ source }: { source: SourceState }) {
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: (name: FreshnessSource) => api('checkSourceNow', { params: { source: name } }),
    onSuccess: () => {
      for (const key of [adminKeys.sources, adminKeys.status, adminKeys.audit]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const headingId = `source-${source.source}`;
  return (
    <section className={styles.stack} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subheading}>
        {source.label}
      </h3>
      <p className={styles.muted}>
        {source.scheduled ? 'Checks on its own schedule.' : 'Checks only when asked (its schedule is off).'}
        {source.url && (
          <>
            {' '}
            Reads <code className={styles.strong}>{source.url}</code>
          </>
        )}
      </p>
      {source.detail && <p>{source.detail}</p>}
      <dl className={styles.facts}>
        <Fact term={source.source === 'f1db-release' ? 'Release imported' : 'Session stored last'} className={styles.fact}>{source.version ?? 'None yet'}</Fact>
        <Fact term="Last check" className={styles.fact}>{when(source.lastCheckAt, 'Never')}</Fact>
        <Fact term="Next check" className={styles.fact}>{when(source.nextCheckAt, source.scheduled ? 'Due now' : 'When asked')}</Fact>
        <Fact term="Last success" className={styles.fact}>{when(source.lastSuccessAt, 'Never')}</Fact>
        <Fact term="Last error" className={styles.fact}>{source.lastErrorAt ? formatDateTime(source.lastErrorAt) : 'None'}</Fact>
      </dl>
      {source.lastError && <p className={styles.warning}>{source.lastError}</p>}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => check.mutate(source.source)}
          disabled={check.isPending}
        >
          {check.isPending ? 'Checking…' : 'Check now'}
          <span className="visually-hidden"> ({source.label})</span>
        </Button>
      </div>
      {check.isSuccess && (
        <p className={styles.success} role="status">
          {check.data.message}
        </p>
      )}
      {check.isError && <ErrorNote message={failureText(check.error)} />}
    </section>
  );
}

const sessionList = (sessions: SessionKind[]) => sessions.map((session) => SESSION_LABELS[session]).join(', ');

function ProvisionalRaces({ races }: { races: ProvisionalRace[] }) {
  return (
    <section className={styles.stack} aria-labelledby="provisional-races">
      <h3 id="provisional-races" className={styles.subheading}>
        Still provisional
      </h3>
      {races.length === 0 ? (
        <p className={styles.muted}>No race has provisional results: F1DB has confirmed everything stored.</p>
      ) : (
        <>
          <p>
            {formatCount(races.length)} {races.length === 1 ? 'race has' : 'races have'} results from live timing that F1DB has not confirmed yet:
          </p>
          <ul className={styles.plainList}>
            {races.map((race) => (
              <li key={race.raceId}>
                <span className={styles.strong}>
                  {race.meetingName} {race.season}
                </span>{' '}
                <span className={styles.muted}>
                  (round {race.round}: {sessionList(race.sessions)})
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

const placed = (position: string | null, points: number | null) => (position === null ? 'Not classified' : `${position}${points ? `, ${points} pts` : ''}`);

function Differences({ differences }: { differences: ProvisionalDifference[] }) {
  return (
    <section className={styles.stack} aria-labelledby="provisional-differences">
      <h3 id="provisional-differences" className={styles.subheading}>
        Provisional against official
      </h3>
      {differences.length === 0 ? (
        <p className={styles.muted}>No official result has differed from a provisional one.</p>
      ) : (
        <div className={styles.scroller}>
          <table className={styles.diff}>
            <caption className="visually-hidden">Where F1DB&apos;s official results differed from the provisional ones, latest first</caption>
            <thead>
              <tr>
                <th scope="col">Session</th>
                <th scope="col">Driver</th>
                <th scope="col">Provisional</th>
                <th scope="col">Official</th>
                <th scope="col">Found</th>
              </tr>
            </thead>
            <tbody>
              {differences.map((difference) => (
                <tr key={difference.id}>
                  <td>
                    {difference.meetingName} {difference.season}, {SESSION_LABELS[difference.session]}
                  </td>
                  <th scope="row">{difference.driverName}</th>
                  <td>{placed(difference.provisionalPosition, difference.provisionalPoints)}</td>
                  <td>{placed(difference.officialPosition, difference.officialPoints)}</td>
                  <td>
                    {formatDateTime(difference.foundAt)} <span className={styles.muted}>({difference.importVersion})</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
