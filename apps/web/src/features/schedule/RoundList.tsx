import type { MeetingSummary } from '@slipstream/contract';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { formatDayRange } from '../../lib/time';
import { useTimeZone } from '../../lib/visitor';
import { Badge, type BadgeTone } from './Badge';
import { CountryFlag } from '../../lib/ui/Flag';
import { meetingDays } from './sessions';
import styles from './RoundList.module.css';

/** Every round of a season, each linking to its weekend; the current one stands out, finished ones are ticked off. */
export function RoundList({ meetings }: { meetings: MeetingSummary[] }) {
  const timeZone = useTimeZone();
  return (
    <ol className={styles.rounds}>
      {meetings.map((meeting) => (
        <li key={meeting.slug}>
          <RoundCard meeting={meeting} timeZone={timeZone} />
        </li>
      ))}
    </ol>
  );
}

function RoundCard({ meeting, timeZone }: { meeting: MeetingSummary; timeZone: string }) {
  const { firstDay, lastDay } = meetingDays(meeting, { timeZone });
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
        </span>
      </span>
      <RoundStatus meeting={meeting} />
    </Link>
  );
}

/**
 * The current round is This weekend or Next; finished ones are ticked off once their race results are stored (the
 * word is for screen readers), else say their results are not in; the rest need no word.
 */
function roundStatus(meeting: MeetingSummary): { tone: BadgeTone; text: string } | null {
  if (meeting.isCurrent) return { tone: 'next', text: meeting.status === 'live' ? 'This weekend' : 'Next' };
  if (meeting.status !== 'completed') return null;
  const race = meeting.timetables.find((entry) => entry.session === 'RACE' && !entry.cancelled);
  return !race || race.results ? { tone: 'done', text: 'Done' } : { tone: 'plain', text: 'Results not in yet' };
}

function RoundStatus({ meeting }: { meeting: MeetingSummary }) {
  const status = roundStatus(meeting);
  if (!status) return null;
  return (
    <span className={styles.status}>
      <Badge tone={status.tone}>
        <span className={status.tone === 'done' ? 'visually-hidden' : undefined}>{status.text}</span>
      </Badge>
    </span>
  );
}
