import { useId, useState } from 'react';
import { meetingCalendarPath, seasonCalendarPath, type CalendarSessions } from '@slipstream/contract';

import { useHydrated } from '../../lib/hydration';
import { ButtonAnchor } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { CalendarIcon, DownloadIcon } from '../../lib/ui/icons';
import styles from './AddToCalendar.module.css';

/** The feed at this site's address with the webcal scheme, which calendar apps open as a subscription. */
function webcalUrl(path: string): string {
  return `webcal://${window.location.host}${path}`;
}

function googleCalendarUrl(path: string): string {
  return `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl(path))}`;
}

const CHOICES: { value: CalendarSessions; label: string }[] = [
  { value: 'all', label: 'Every session' },
  { value: 'main', label: 'Qualifying, sprint and race' },
];

/** Subscribe to the season's sessions (webcal, Google Calendar) or download them once as an .ics file. */
export function AddSeasonToCalendar({ season }: { season: number }) {
  const [sessions, setSessions] = useState<CalendarSessions>('all');
  const name = useId();
  const feed = seasonCalendarPath(season, sessions);
  // The subscription links name this site's host, which the browser knows; a page rendered on the server offers the
  // file until the app has taken it over.
  const hydrated = useHydrated();
  return (
    <Card as="section" title="Add to your calendar">
      <p className={styles.lead}>
        Subscribe and your calendar app shows the {season} sessions in your own time zone, and follows every change to
        the schedule. Or download them once.
      </p>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>Sessions</legend>
        {CHOICES.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={sessions === choice.value}
              onChange={() => setSessions(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <ButtonAnchor href={hydrated ? webcalUrl(feed) : feed}>
          <CalendarIcon />
          Subscribe
        </ButtonAnchor>
        <ButtonAnchor variant="secondary" href={hydrated ? googleCalendarUrl(feed) : feed} target="_blank" rel="noopener noreferrer">
          Add to Google Calendar
        </ButtonAnchor>
        <ButtonAnchor variant="secondary" href={feed} download={`slipstream-f1-${season}${sessions === 'main' ? '-main' : ''}.ics`}>
          <DownloadIcon />
          Download .ics
        </ButtonAnchor>
      </div>
    </Card>
  );
}

/** One meeting's sessions as an .ics file, for calendar apps and phones. */
export function AddMeetingToCalendar({ season, round, meetingName }: { season: number; round: number; meetingName: string }) {
  return (
    <ButtonAnchor
      variant="secondary"
      className={styles.meeting}
      href={meetingCalendarPath(season, round)}
      download={`slipstream-f1-${season}-round-${round}.ics`}
      aria-label={`Add the ${meetingName} sessions to your calendar (.ics file)`}
    >
      <CalendarIcon />
      Add to calendar
    </ButtonAnchor>
  );
}
