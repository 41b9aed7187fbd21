import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { HeroMeeting } from '@slipstream/contract';
import { useNow } from '../../lib/clock';
import { paths } from '../../lib/paths';
import { useDarkMode } from '../../lib/theme';
import { UNCONFIRMED_LIVE, useLiveConfirmed } from '../../lib/liveFeed';
import { useTimeZone } from '../../lib/visitor';
import { formatCountdown, formatDate, formatTime } from '../../lib/time';
import { QueryState } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { eventTrackerQuery, loadEventTracker } from './queries';
import { countdown, featuredSession, meetingPhase, weekendDays, type FeaturedSession } from './weekend';
import styles from './MeetingHero.module.css';

/**
 * The current or next race weekend (GET /api/event-tracker), linking to its meeting page, with the
 * session to watch and, within a day of it, a countdown ticking on the server's clock. A failed load
 * is only logged (query cache) and the hero stays away, as docs/product.md (Home) asks.
 */
export function MeetingHero() {
  const tracker = useQuery(eventTrackerQuery);
  return (
    <QueryState query={tracker} pending={<HeroSkeleton />} error={null}>
      {({ data: [meeting] }) =>
        meeting ? (
          <Hero meeting={meeting} />
        ) : (
          <section className={styles.hero} aria-label="Next meeting">
            <p className={styles.none}>No upcoming meeting in the calendar yet.</p>
          </section>
        )
      }
    </QueryState>
  );
}

const MEETING_LABEL = { upcoming: 'Next meeting', live: 'Current meeting', completed: 'Last meeting' } as const;

function Hero({ meeting }: { meeting: HeroMeeting }) {
  const now = useNow().getTime();
  const session = featuredSession(meeting.meetingContext.timetables, now);
  useRefetchWhenOver(session === null);
  const timeZone = useTimeZone();
  const days = weekendDays(meeting, timeZone);
  const { season, nr_runda: round } = meeting.meetingContext;

  return (
    <section className={styles.hero} aria-labelledby="hero-meeting">
      <div className={styles.meeting}>
        <p className={styles.eyebrow}>
          <span className={styles.status}>{MEETING_LABEL[meetingPhase(meeting, now)]}</span>
          <span>Round {round}</span>
        </p>
        <h2 id="hero-meeting" className={styles.name}>
          <Link className={styles.link} to={paths.meeting(season, meeting.slug)}>
            {meeting.race.meetingName}
          </Link>
        </h2>
        <p className={styles.country}>{meeting.race.meetingCountryName}</p>
        {days && <p className={styles.days}>{days}</p>}
        <p className={styles.circuit}>{meeting.circuit.fullName}</p>
      </div>
      <CircuitDrawing svgUrl={meeting.circuit.svgUrl} name={meeting.circuit.fullName} />
      {session && <NextSession session={session} now={now} />}
    </section>
  );
}

/** After the race the server's next meeting is another one: ask for it then, not at the next 5-minute tick. */
function useRefetchWhenOver(over: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!over) return;
    queryClient
      .fetchQuery({ ...eventTrackerQuery, queryFn: () => loadEventTracker({ revalidate: true }), staleTime: 0 })
      .catch(() => {
        /* logged by the query cache; the 5-minute refresh tries again */
      });
  }, [over, queryClient]);
}

/** The Upcoming and Live of docs/product.md (Home); a session the timetable has running is Live only when F1's feed confirms it. */
function phaseLabel(phase: FeaturedSession['phase'], liveConfirmed: boolean): string {
  if (phase === 'upcoming') return 'Upcoming';
  return liveConfirmed ? 'Live' : UNCONFIRMED_LIVE;
}

function NextSession({ session, now }: { session: FeaturedSession; now: number }) {
  const { entry, phase } = session;
  const left = countdown(session, now);
  const timeZone = useTimeZone();
  const liveConfirmed = useLiveConfirmed(phase === 'live');
  const shownPhase = phase === 'live' && !liveConfirmed ? 'scheduled' : phase;
  return (
    <div className={styles.session} data-phase={shownPhase}>
      <p className={styles.sessionHead}>
        <span className={styles.phase} data-phase={shownPhase}>
          {shownPhase === 'live' && <span className={styles.pulse} aria-hidden="true" />}
          {phaseLabel(phase, liveConfirmed)}
        </span>
        <span className={styles.sessionName}>{entry.description}</span>
      </p>
      <p className={styles.when}>
        {entry.startTimeUtc ? (
          <>
            <time dateTime={entry.startTimeUtc}>
              {formatDate(entry.startTimeUtc, { timeZone })} · {formatTime(entry.startTimeUtc, { timeZone })}
            </time>
            <span className={styles.zoneNote}>your local time</span>
          </>
        ) : (
          <time dateTime={entry.date}>{formatDate(entry.date)}</time>
        )}
      </p>
      {left && (
        <p className={styles.countdown}>
          {left.kind === 'started' ? (
            liveConfirmed ? (
              <Link className={styles.liveLink} to={paths.live}>
                Live timing
              </Link>
            ) : (
              'Session started'
            )
          ) : (
            <>
              <span className={styles.countdownLabel}>Starts in</span>
              <span className={styles.clock} role="timer" aria-label={`Starts in ${formatCountdown(left.ms)}`}>
                {formatCountdown(left.ms)}
              </span>
            </>
          )}
        </p>
      )}
    </div>
  );
}

/** The F1DB drawing: white lines on the dark theme, black on the light one. */
function CircuitDrawing({ svgUrl, name }: { svgUrl: string; name: string }) {
  const [dark] = useDarkMode();
  const src = dark ? svgUrl : withVariant(svgUrl, 'black');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return <div className={styles.drawing} />;
  return (
    <div className={styles.drawing}>
      <img src={src} alt={`Layout of ${name}`} width={500} height={500} onError={() => setFailedSrc(src)} />
    </div>
  );
}

function withVariant(url: string, variant: 'black'): string {
  return `${url}${url.includes('?') ? '&' : '?'}variant=${variant}`;
}

function HeroSkeleton() {
  return (
    <section className={styles.hero} aria-busy="true" aria-label="Next meeting">
      <div className={styles.meeting}>
        <Skeleton width="9rem" />
        <Skeleton width="70%" height="2.2rem" shape="block" />
        <Skeleton width="8rem" />
        <Skeleton width="11rem" height="2.6rem" shape="block" />
        <Skeleton width="10rem" />
      </div>
      <div className={styles.drawing}>
        <Skeleton width="100%" height="100%" shape="block" />
      </div>
      <div className={styles.session}>
        <Skeleton width="12rem" />
        <Skeleton width="9rem" />
        <Skeleton width="8rem" height="2rem" shape="block" />
      </div>
    </section>
  );
}
