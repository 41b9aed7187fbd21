import type { MeetingSummary } from '@slipstream/contract';
import { useNow } from '../../lib/clock';
import { UNCONFIRMED_LIVE } from '../../lib/liveFeed';
import { formatDate, formatTime } from '../../lib/time';
import { formatSpan, sessionsAt } from './sessions';
import styles from './LivePage.module.css';

/**
 * The session running now by the timetable, with the time since it started, else the next one with a countdown.
 * The timetable alone does not make it Live: only F1's feed (or its live tower) confirms that (`liveConfirmed`).
 */
export function SessionNow({ meeting, liveConfirmed }: { meeting: MeetingSummary | null; liveConfirmed: boolean }) {
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
      <section className={styles.now} data-state={liveConfirmed ? 'running' : 'scheduled'} aria-labelledby="session-now">
        <h2 id="session-now" className={styles.nowLabel}>
          {liveConfirmed ? (
            <>
              <span className={styles.liveBadge}>Live</span> Running now
            </>
          ) : (
            UNCONFIRMED_LIVE
          )}
        </h2>
        <p className={styles.meetingLine}>{meetingLine}</p>
        <p className={styles.sessionName}>{running.description}</p>
        <p className={styles.bigTime}>
          <span className={styles.bigTimeLabel}>Elapsed</span> <time>{formatSpan(now - running.start)}</time>
        </p>
        <p className={styles.muted}>
          Started {formatTime(running.start)}, scheduled to end about {formatTime(running.end)} (by the timetable).
          {!liveConfirmed && ' F1’s live timing does not confirm it here: no tower, no live gaps.'}
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
