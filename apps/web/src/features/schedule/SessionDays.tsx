import type { TimetableEntry } from '@slipstream/contract';
import { formatDate, formatTime, formatWeekday } from '../../lib/time';
import { finishedWord, UNCONFIRMED_LIVE, useLiveConfirmed } from '../../lib/liveFeed';
import { useTimeZone } from '../../lib/visitor';
import { Badge, type BadgeTone } from './Badge';
import { groupSessionsByDay, sessionLabel } from './sessions';
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
  const liveConfirmed = useLiveConfirmed(timetables.some((entry) => entry.status === 'isCurrent'));
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
              <SessionRow key={entry.session} entry={entry} timeZone={timeZone} liveConfirmed={liveConfirmed} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The words of docs/product.md (Home) (isNext "Upcoming", isCurrent "Live"), said only as far as the site knows them. */
function statusWord(entry: TimetableEntry, liveConfirmed: boolean): string | null {
  switch (entry.status) {
    case 'isCurrent':
      return liveConfirmed ? 'Live' : UNCONFIRMED_LIVE;
    case 'isNext':
      return 'Upcoming';
    case 'completed':
      return finishedWord(entry.results);
    case 'upcoming':
      return null;
  }
}

function statusTone(entry: TimetableEntry, liveConfirmed: boolean): BadgeTone {
  if (entry.status === 'isCurrent' && !liveConfirmed) return 'plain';
  if (entry.status === 'completed' && entry.results !== 'official') return 'plain';
  return STATUS_TONES[entry.status];
}

function SessionRow({ entry, timeZone, liveConfirmed }: { entry: TimetableEntry; timeZone: string; liveConfirmed: boolean }) {
  const status = statusWord(entry, liveConfirmed);
  return (
    <li className={styles.session} data-status={entry.status}>
      {entry.startTimeUtc && (
        <time className={styles.time} dateTime={entry.startTimeUtc}>
          {formatTime(entry.startTimeUtc, { timeZone })}
        </time>
      )}
      <span className={styles.label}>{sessionLabel(entry)}</span>
      {entry.cancelled ? <Badge tone="plain">Cancelled</Badge> : status && <Badge tone={statusTone(entry, liveConfirmed)}>{status}</Badge>}
    </li>
  );
}
