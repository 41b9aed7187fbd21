import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { HeroMeeting, TimetableEntry } from '@slipstream/contract';
import { useNow } from '../../lib/clock';
import { RESULTS_NOT_IN, UNCONFIRMED_LIVE, useLiveConfirmed } from '../../lib/liveFeed';
import { paths } from '../../lib/paths';
import { formatCountdown, formatDate, formatTime, formatWeekday } from '../../lib/time';
import { useTimeZone } from '../../lib/visitor';
import { finishedResults, groupSessionsByDay, meetingQuery, sessionLabel, type ResultGroup } from '../schedule';
import { eventTrackerQuery, hasSessionResults } from './queries';
import { lastRaceGivesWayAtMs, sessionPhase } from './weekend';
import styles from './WeekendSessions.module.css';

const PODIUM = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The weekend's timetable on the home page, from the day before its first session: each session's state by the
 * clock, as far as the site knows it. Upcoming with a countdown inside a day; running: Live with a link to the
 * timing tower when F1's feed confirms it, else scheduled now without live data; finished: its top three once
 * results are stored (provisional ones marked), else results not in yet.
 */
export function WeekendSessions() {
  const tracker = useQuery(eventTrackerQuery);
  const now = useNow().getTime();
  const meeting = tracker.data?.data[0];
  if (!meeting || now < lastRaceGivesWayAtMs(meeting)) return null;
  return <Timetable meeting={meeting} now={now} />;
}

function Timetable({ meeting, now }: { meeting: HeroMeeting; now: number }) {
  const timeZone = useTimeZone();
  const sessions = meeting.meetingContext.timetables;
  const detail = useQuery({ ...meetingQuery(meeting.meetingContext.season, meeting.slug), enabled: hasSessionResults(meeting) });
  const groups = detail.data ? finishedResults(detail.data) : [];
  const liveConfirmed = useLiveConfirmed(sessions.some((entry) => !entry.cancelled && sessionPhase(entry, now) === 'live'));
  const next = sessions.find((entry) => !entry.cancelled && sessionPhase(entry, now) === 'upcoming');

  return (
    <section className={styles.weekend} aria-labelledby="weekend-sessions">
      <h2 id="weekend-sessions" className={styles.title}>
        This weekend
      </h2>
      {groupSessionsByDay(sessions, { timeZone }).map(({ day, sessions: daySessions }) => (
        <div key={day} className={styles.day}>
          <h3 className={styles.dayHeading}>
            {formatWeekday(day)} <time dateTime={day}>{formatDate(day)}</time>
          </h3>
          <ul className={styles.sessions}>
            {daySessions.map((entry) => (
              <li key={entry.session} className={styles.session}>
                <span className={styles.time}>{entry.startTimeUtc ? formatTime(entry.startTimeUtc, { timeZone }) : ''}</span>
                <span className={styles.name}>{sessionLabel(entry)}</span>
                <span className={styles.state}>
                  <SessionState
                    entry={entry}
                    now={now}
                    isNext={entry === next}
                    liveConfirmed={liveConfirmed}
                    group={groups.find((group) => group.session === entry.session)}
                  />
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

type SessionStateProps = { entry: TimetableEntry; now: number; isNext: boolean; liveConfirmed: boolean; group: ResultGroup | undefined };

function SessionState({ entry, now, isNext, liveConfirmed, group }: SessionStateProps) {
  if (entry.cancelled) return <>Cancelled</>;
  const phase = sessionPhase(entry, now);
  if (phase === 'upcoming') {
    const left = entry.startTimeUtc ? Date.parse(entry.startTimeUtc) - now : Infinity;
    return isNext && left <= DAY_MS ? <>Starts in {formatCountdown(left)}</> : <>Upcoming</>;
  }
  if (phase === 'live') {
    return liveConfirmed ? (
      <Link className={styles.live} to={paths.live}>
        Live: timing
      </Link>
    ) : (
      <>{UNCONFIRMED_LIVE}</>
    );
  }
  if (!entry.results) return <>{RESULTS_NOT_IN}</>;
  if (!group) return <>{entry.results === 'provisional' ? 'Done, provisional' : 'Done'}</>;
  return (
    <>
      {entry.results === 'provisional' && <span className={styles.provisional}>Provisional</span>}
      <ol className={styles.podium} aria-label={`Top three of ${sessionLabel(entry)}`}>
        {group.rows.slice(0, PODIUM).map((row) => (
          <li key={row.driverId}>
            <span className={styles.place}>{row.positionText}</span>
            <abbr title={row.driverName}>{row.driverCode}</abbr>
          </li>
        ))}
      </ol>
    </>
  );
}
