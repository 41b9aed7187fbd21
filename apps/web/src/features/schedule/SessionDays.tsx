import type { TimetableEntry } from '@slipstream/contract';
import { formatDate, formatTime, formatWeekday } from '../../lib/time';
import { useTimeZone } from '../../lib/visitor';
import { Badge, type BadgeTone } from './Badge';
import { groupSessionsByDay, SESSION_STATUS_LABELS, sessionLabel } from './sessions';
import styles from './SessionDays.module.css';

const STATUS_TONES: Record<TimetableEntry['status'], BadgeTone> = {
  isCurrent: 'live',
  isNext: 'next',
  completed: 'done',
  upcoming: 'plain',
};

/** A weekend's sessions by day in the visitor's local time; sessions known only by their day show the day alone. */
export function SessionDays({ timetables }: { timetables: TimetableEntry[] }) {
  const timeZone = useTimeZone();
  return (
    <div className={styles.days}>
      {groupSessionsByDay(timetables, { timeZone }).map(({ day, sessions }) => (
        <div key={day} className={styles.day}>
          <h3 className={styles.dayHeading}>
            <span className={styles.weekday}>{formatWeekday(day)}</span>
            <time dateTime={day} className={styles.date}>
              {formatDate(day)}
            </time>
          </h3>
          <ul className={styles.sessions}>
            {sessions.map((entry) => (
              <SessionRow key={entry.session} entry={entry} timeZone={timeZone} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function SessionRow({ entry, timeZone }: { entry: TimetableEntry; timeZone: string }) {
  const status = SESSION_STATUS_LABELS[entry.status];
  return (
    <li className={styles.session} data-status={entry.status}>
      {entry.startTimeUtc && (
        <time className={styles.time} dateTime={entry.startTimeUtc}>
          {formatTime(entry.startTimeUtc, { timeZone })}
        </time>
      )}
      <span className={styles.label}>{sessionLabel(entry)}</span>
      {entry.cancelled ? <Badge tone="plain">Cancelled</Badge> : status && <Badge tone={STATUS_TONES[entry.status]}>{status}</Badge>}
    </li>
  );
}
