import type { MeetingSummary } from '@slipstream/contract';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { formatDayRange } from '../../lib/time';
import { Badge } from './Badge';
import { CountryFlag } from './CountryFlag';
import { meetingDays } from './sessions';
import styles from './RoundList.module.css';

/** Every round of a season, each linking to its weekend; the current one stands out, finished ones are ticked off. */
export function RoundList({ meetings }: { meetings: MeetingSummary[] }) {
  return (
    <ol className={styles.rounds}>
      {meetings.map((meeting) => (
        <li key={meeting.slug}>
          <RoundCard meeting={meeting} />
        </li>
      ))}
    </ol>
  );
}

function RoundCard({ meeting }: { meeting: MeetingSummary }) {
  const { firstDay, lastDay } = meetingDays(meeting);
  const state = meeting.isCurrent ? 'current' : meeting.status;
  return (
    <Link
      to={paths.meeting(meeting.season, meeting.slug)}
      className={styles.round}
      data-state={state}
      aria-current={meeting.isCurrent ? 'true' : undefined}
    >
      <span className={styles.number}>
        <span className={styles.numberLabel}>Round</span> {meeting.round}
      </span>
      <span className={styles.body}>
        <span className={styles.title}>
          <CountryFlag code={meeting.countryCode} label={meeting.countryName} />
          <span className={styles.name}>{meeting.meetingName}</span>
        </span>
        <span className={styles.meta}>
          <time dateTime={firstDay}>{formatDayRange(firstDay, lastDay)}</time>
          {meeting.isSprintWeekend && <Badge tone="sprint">Sprint</Badge>}
          {meeting.isCurrent && <Badge tone={meeting.status === 'live' ? 'live' : 'next'}>{meeting.status === 'live' ? 'Live' : 'Next'}</Badge>}
          {meeting.status === 'completed' && <Badge tone="done">Done</Badge>}
        </span>
      </span>
    </Link>
  );
}
