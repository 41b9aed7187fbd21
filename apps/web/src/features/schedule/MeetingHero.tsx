import type { MeetingStatus, MeetingSummary } from '@slipstream/contract';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../lib/ui/Button';
import { formatDayRange } from '../../lib/time';
import { useTimeZone } from '../../lib/visitor';
import { Badge, type BadgeTone } from './Badge';
import { CircuitMap } from './CircuitMap';
import { CountryFlag } from '../../lib/ui/Flag';
import { MEETING_STATUS_LABELS, meetingDays } from './sessions';
import { SessionDays } from './SessionDays';
import styles from './MeetingHero.module.css';

const LOCAL_TIME_NOTE = 'All times are shown in your local time zone';

const STATUS_TONES: Record<MeetingStatus, BadgeTone> = { live: 'next', upcoming: 'next', completed: 'done' };

type MeetingHeroProps = {
  meeting: MeetingSummary;
  /** The schedule's hero names the meeting and links to it; the meeting's own page has the name as its heading. */
  showName?: boolean;
  /** The circuit's drawing beside the sessions (the meeting page shows it in its own card instead). */
  showMap?: boolean;
};

/** A race weekend at a glance: round, status, place and dates, and its sessions by day in local time. */
export function MeetingHero({ meeting, showName = false, showMap = false }: MeetingHeroProps) {
  const timeZone = useTimeZone();
  const { firstDay, lastDay } = meetingDays(meeting, { timeZone });
  return (
    <section className={styles.hero} data-layout={showName ? 'split' : 'stacked'} aria-label={showName ? `Round ${meeting.round}: ${meeting.meetingName}` : 'Weekend timetable'}>
      <div className={styles.summary}>
        <p className={styles.badges}>
          <span className={styles.round}>Round {meeting.round}</span>
          <Badge tone={STATUS_TONES[meeting.status]}>{MEETING_STATUS_LABELS[meeting.status]}</Badge>
          {meeting.isSprintWeekend && <Badge tone="sprint">Sprint</Badge>}
        </p>
        {showName && (
          <>
            <h2 className={styles.name}>
              <Link to={paths.meeting(meeting.season, meeting.slug)}>{meeting.meetingName}</Link>
            </h2>
            <p className={styles.official}>{meeting.officialName}</p>
          </>
        )}
        <p className={styles.place}>
          <CountryFlag code={meeting.countryCode} />
          <span>
            {meeting.countryName} · {meeting.circuit.placeName}
          </span>
        </p>
        <p className={styles.dates}>
          <time dateTime={firstDay}>{formatDayRange(firstDay, lastDay)}</time>
        </p>
        {showMap && <CircuitMap circuit={meeting.circuit} className={styles.map} />}
        {showName && (
          <ButtonLink to={paths.meeting(meeting.season, meeting.slug)} variant="secondary" className={styles.more}>
            Circuit and results
          </ButtonLink>
        )}
      </div>
      <div className={styles.timetable}>
        <SessionDays timetables={meeting.timetables} />
        <p className={styles.note}>
          {LOCAL_TIME_NOTE} <span className={styles.zone}>({timeZone})</span>
        </p>
      </div>
    </section>
  );
}
