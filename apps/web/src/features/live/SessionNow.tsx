import type { MeetingSummary } from '@slipstream/contract';
import { useNow } from '../../lib/clock';
import { formatDate, formatTime } from '../../lib/time';
import { formatSpan, sessionsAt } from './sessions';
import styles from './LivePage.module.css';

/**
 * The session running now with the time since it started, else the next one with a countdown; by the
 * timetable and the server's clock (no timing feed says when a session really starts or stops).
 */
export function SessionNow({ meeting }: { meeting: MeetingSummary | null }) {
  const now = useNow().getTime();
  if (!meeting) {
    return (
      <section className={styles.now} aria-labelledby="session-now">
        <h2 id="session-now" className={styles.nowLabel}>
          Next session
        </h2>
        <p>Our data holds no later session: the calendar of the next season is not out yet.</p>
      </section>
    );
  }
  const { running, next } = sessionsAt(meeting.timetables, now);
  const meetingLine = `${meeting.meetingName} · Round ${meeting.round}, ${meeting.countryName}`;

  if (running) {
    return (
      <section className={styles.now} data-state="running" aria-labelledby="session-now">
        <h2 id="session-now" className={styles.nowLabel}>
          <span className={styles.liveBadge}>Live</span> Running now
        </h2>
        <p className={styles.meetingLine}>{meetingLine}</p>
        <p className={styles.sessionName}>{running.description}</p>
        <p className={styles.bigTime}>
          <span className={styles.bigTimeLabel}>Elapsed</span> <time>{formatSpan(now - running.start)}</time>
        </p>
        <p className={styles.muted}>
          Started {formatTime(running.start)}, scheduled to end about {formatTime(running.end)} (by the timetable).
        </p>
      </section>
    );
  }

  return (
    <section className={styles.now} data-state="next" aria-labelledby="session-now">
      <h2 id="session-now" className={styles.nowLabel}>
        Next session
      </h2>
      <p className={styles.meetingLine}>{meetingLine}</p>
      {next ? (
        <>
          <p className={styles.sessionName}>{next.description}</p>
          <p className={styles.bigTime}>
            <span className={styles.bigTimeLabel}>Starts in</span> <time>{formatSpan(next.start - now)}</time>
          </p>
          <p className={styles.muted}>
            {formatDate(next.start)} at {formatTime(next.start)}, your time.
          </p>
        </>
      ) : (
        <p className={styles.sessionName}>Session started</p>
      )}
    </section>
  );
}
