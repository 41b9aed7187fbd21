import { useId, useMemo } from 'react';
import type { MeetingSummary } from '@slipstream/contract';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { formatMonth } from '../../lib/time';
import { ChevronDownIcon } from '../../lib/ui/icons';
import { addMonths, isInMonth, monthGrid, type Month } from './calendar';
import { CountryFlag } from '../../lib/ui/Flag';
import { meetingDays } from './sessions';
import styles from './MonthCalendar.module.css';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAYS_PER_WEEK = 7;

type MonthCalendarProps = {
  month: Month;
  onMonthChange: (month: Month) => void;
  /** Meetings whose race days may fall in the grid; each shows as a chip on its race day. */
  meetings: MeetingSummary[];
  /** The visitor's today ("2025-07-05"), marked in the grid. */
  today: string;
  /** The zone race days are read in: the visitor's unless a test names one. */
  timeZone?: string;
};

/** A month as six weeks from Monday, with a chip on each race day and buttons to the months around it. */
export function MonthCalendar({ month, onMonthChange, meetings, today, timeZone }: MonthCalendarProps) {
  const labelId = useId();
  const weeks = useMemo(() => chunk(monthGrid(month), DAYS_PER_WEEK), [month]);
  const racesByDay = useMemo(() => groupByRaceDay(meetings, timeZone), [meetings, timeZone]);

  return (
    <div className={styles.calendar}>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.step}
          aria-label="Previous month"
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          <ChevronDownIcon className={styles.previousIcon} />
          <span className={styles.stepText}>Previous</span>
        </button>
        <h3 id={labelId} className={styles.month} aria-live="polite">
          {formatMonth(month.year, month.month)}
        </h3>
        <button
          type="button"
          className={styles.step}
          aria-label="Next month"
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          <span className={styles.stepText}>Next</span>
          <ChevronDownIcon className={styles.nextIcon} />
        </button>
      </div>
      <table className={styles.grid} aria-labelledby={labelId}>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday} scope="col">
                <abbr title={weekday}>{weekday.slice(0, 3)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <DayCell
                  key={day}
                  day={day}
                  outside={!isInMonth(day, month)}
                  isToday={day === today}
                  races={racesByDay.get(day) ?? []}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type DayCellProps = { day: string; outside: boolean; isToday: boolean; races: MeetingSummary[] };

function DayCell({ day, outside, isToday, races }: DayCellProps) {
  return (
    <td className={styles.day} data-outside={outside || undefined} aria-current={isToday ? 'date' : undefined}>
      <time className={styles.dayNumber} dateTime={day}>
        {isToday && <span className="visually-hidden">Today, </span>}
        {Number(day.slice(8))}
      </time>
      {races.map((meeting) => (
        <Link
          key={`${meeting.season}-${meeting.slug}`}
          to={paths.meeting(meeting.season, meeting.slug)}
          className={styles.chip}
          data-status={meeting.status}
        >
          <CountryFlag code={meeting.countryCode} />
          <span className={styles.chipName}>{meeting.meetingName}</span>
          {meeting.countryCode && (
            <span className={styles.chipCode} aria-hidden="true">
              {meeting.countryCode}
            </span>
          )}
        </Link>
      ))}
    </td>
  );
}

function groupByRaceDay(meetings: MeetingSummary[], timeZone: string | undefined): Map<string, MeetingSummary[]> {
  const byDay = new Map<string, MeetingSummary[]>();
  for (const meeting of meetings) {
    const { raceDay } = meetingDays(meeting, { timeZone });
    byDay.set(raceDay, [...(byDay.get(raceDay) ?? []), meeting]);
  }
  return byDay;
}

function chunk<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}
