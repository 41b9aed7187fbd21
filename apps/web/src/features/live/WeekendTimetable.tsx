import type { MeetingSummary } from '@slipstream/contract';
import { useNow } from '../../lib/clock';
import { finishedWord, UNCONFIRMED_LIVE } from '../../lib/liveFeed';
import { formatDate, formatTime } from '../../lib/time';
import { Card } from '../../lib/ui/Card';
import { sessionsAt, stateAt, type SessionState } from './sessions';
import styles from './LivePage.module.css';

const STATE_LABELS: Record<Exclude<SessionState, 'completed' | 'running'>, string> = {
  next: 'Next',
  upcoming: 'Upcoming',
  cancelled: 'Cancelled',
};

/** A session's word: finished ones by their stored results, a running one Live only when the feed confirms it. */
function stateLabel(state: SessionState, entry: MeetingSummary['timetables'][number], liveConfirmed: boolean): string {
  if (state === 'completed') return finishedWord(entry.results);
  if (state === 'running') return liveConfirmed ? 'Live' : UNCONFIRMED_LIVE;
  return STATE_LABELS[state];
}

/** The whole weekend's timetable in the visitor's time, each session marked by the clock and what the site knows. */
export function WeekendTimetable({ meeting, liveConfirmed }: { meeting: MeetingSummary; liveConfirmed: boolean }) {
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
              <span className={styles.stateChip} data-state={state === 'running' && !liveConfirmed ? 'scheduled' : state}>
                {stateLabel(state, entry, liveConfirmed)}
              </span>
            </li>
          );
        })}
      </ol>
      <p className={styles.muted}>All times are shown in your local time zone.</p>
    </Card>
  );
}
