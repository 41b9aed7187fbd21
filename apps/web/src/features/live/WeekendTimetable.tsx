import type { MeetingSummary } from '@slipstream/contract';
import { useNow } from '../../lib/clock';
import { formatDate, formatTime } from '../../lib/time';
import { Card } from '../../lib/ui/Card';
import { sessionsAt, stateAt, type SessionState } from './sessions';
import styles from './LivePage.module.css';

const STATE_LABELS: Record<SessionState, string> = {
  completed: 'Completed',
  running: 'Live',
  next: 'Next',
  upcoming: 'Upcoming',
  cancelled: 'Cancelled',
};

/** The whole weekend's timetable in the visitor's time, each session marked by the clock. */
export function WeekendTimetable({ meeting }: { meeting: MeetingSummary }) {
  const now = useNow().getTime();
  const { next } = sessionsAt(meeting.timetables, now);
  return (
    <Card as="section" title={`${meeting.meetingName} timetable`} className={styles.timetableCard}>
      <ol className={styles.timetable}>
        {meeting.timetables.map((entry) => {
          const state = stateAt(entry, now, next);
          const start = entry.startTimeUtc;
          return (
            <li key={entry.session} className={styles.timetableRow} data-state={state}>
              <span className={styles.timetableWhen}>
                {start ? `${formatDate(start)} ${formatTime(start)}` : formatDate(entry.date)}
              </span>
              <span className={styles.timetableName}>{entry.description}</span>
              <span className={styles.stateChip} data-state={state}>
                {STATE_LABELS[state]}
              </span>
            </li>
          );
        })}
      </ol>
      <p className={styles.muted}>All times are shown in your local time zone.</p>
    </Card>
  );
}
