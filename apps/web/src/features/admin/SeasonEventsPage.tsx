import type { AdminMeeting, AuditEntry, SeasonEventsResponse } from '@slipstream/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { api } from '../../lib/api';
import { useNow } from '../../lib/clock';
import { formatDateTime } from '../../lib/time';
import { Card } from '../../lib/ui/Card';
import { QueryState } from '../../lib/ui/QueryState';
import { failureText } from './adminText';
import { Page } from '../../lib/ui/Page';
import { Skeleton } from '../../lib/ui/Skeleton';
import { MeetingEvents } from './season-events/MeetingEvents';
import styles from './season-events/SeasonEvents.module.css';

const LEAD =
  'Move, add, cancel or delete a session. Changes are kept apart from the imported F1 data, so a new import keeps them; Revert goes back to the import.';

function SeasonEventsPage() {
  const [season, setSeason] = useState<number | undefined>(undefined);
  const { user } = useAuth();
  const events = useQuery({
    // The admin's token is needed: asked once the session is known (RequireAdmin has checked the role).
    enabled: user !== null,
    queryKey: ['admin', 'season-events', user?.uid, season ?? 'current'],
    queryFn: () => api('seasonEvents', { query: { season } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <Page page="seasonEvents" lead={LEAD}>
      <QueryState
        query={events}
        pending={
          <div role="status">
            <Skeleton shape="block" height="12rem" />
            <span className="visually-hidden">Loading the season…</span>
          </div>
        }
        error={failureText}
      >
        {(data) => <SeasonEvents data={data} onSeason={setSeason} />}
      </QueryState>
    </Page>
  );
}

function SeasonEvents({ data, onSeason }: { data: SeasonEventsResponse; onSeason: (season: number) => void }) {
  const pickerId = useId();
  const now = useNow().getTime();
  // The meeting still to finish is opened: the one an admin most likely corrects.
  const openRaceId = data.meetings.find((m) => m.sessions.some((s) => Date.parse(s.startsAtUtc ?? `${s.date}T23:59:59Z`) > now))?.raceId;
  return (
    <div className={styles.layout}>
      <div className={styles.picker}>
        <label htmlFor={pickerId}>Season</label>
        <select id={pickerId} value={data.season} onChange={(event) => onSeason(Number(event.target.value))}>
          {[...data.seasons].reverse().map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      <section aria-labelledby={`${pickerId}-meetings`}>
        <h2 id={`${pickerId}-meetings`} className={styles.sectionTitle}>
          {data.season} meetings
        </h2>
        {data.meetings.length === 0 ? (
          <p>No meetings in the {data.season} data.</p>
        ) : (
          data.meetings.map((meeting) => <MeetingEvents key={meeting.raceId} meeting={meeting} open={meeting.raceId === openRaceId} />)
        )}
      </section>
      <RecentChanges entries={data.recentChanges} meetings={data.meetings} />
    </div>
  );
}

const ACTION_LABELS: Record<string, string> = {
  'session.move': 'Moved',
  'session.add': 'Added',
  'session.cancel': 'Cancelled',
  'session.uncancel': 'Restored',
  'session.delete': 'Deleted',
  'session.revert': 'Reverted to the import',
};

/** "British Grand Prix · Qualifying" for a target "1137:QUALIFYING" of the season shown, else the target as is. */
function sessionName(targetId: string, meetings: AdminMeeting[]): string {
  const [raceId, kind] = targetId.split(':');
  const meeting = meetings.find((m) => String(m.raceId) === raceId);
  const session = meeting?.sessions.find((s) => s.kind === kind);
  return meeting && session ? `${meeting.name} · ${session.description}` : targetId;
}

function RecentChanges({ entries, meetings }: { entries: AuditEntry[]; meetings: AdminMeeting[] }) {
  return (
    <Card as="section" title="Recent timetable changes">
      <div aria-live="polite" className={styles.tableScroll} tabIndex={0} role="group" aria-label="Recent timetable changes, scrolls sideways">
        {entries.length === 0 ? (
          <p>No changes yet.</p>
        ) : (
          <table className={styles.audit}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Change</th>
                <th scope="col">Session</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at)}</td>
                  <td>{entry.actorEmail}</td>
                  <td>{ACTION_LABELS[entry.action] ?? entry.action}</td>
                  <td>{sessionName(entry.targetId, meetings)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Card>
  );
}

export { SeasonEventsPage as Component };
