import { useQuery } from '@tanstack/react-query';
import type { MeetingSummary } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { seasonTitle } from '@slipstream/contract/pages';
import { useId } from 'react';
import { metaQuery } from '../../lib/queries';
import { useTimeZone } from '../../lib/visitor';
import { Page } from '../../lib/ui/Page';
import { QueryState } from '../../lib/ui/QueryState';
import { AddSeasonToCalendar } from './AddToCalendar';
import { monthOf } from './calendar';
import { MeetingHero } from './MeetingHero';
import { seasonScheduleQuery } from './queries';
import { RoundList } from './RoundList';
import { ScheduleSkeleton } from './ScheduleSkeleton';
import { SeasonCalendar } from './SeasonCalendar';
import { meetingDays } from './sessions';
import styles from './SchedulePage.module.css';

const NOT_LOADED = 'The schedule could not be loaded.';

function SchedulePage() {
  const meta = useQuery(metaQuery);
  const season = meta.data?.featuredSeason;
  return (
    <Page
      title={seasonTitle('schedule', season)}
      heading={season ? `Formula 1 Schedule ${season} Season` : 'Formula 1 Schedule'}
      description={PAGE_DESCRIPTIONS.schedule}
      lead={PAGE_DESCRIPTIONS.schedule}
    >
      <QueryState query={meta} pending={<ScheduleSkeleton />} error={NOT_LOADED}>
        {({ featuredSeason }) => <SeasonSchedule season={featuredSeason} />}
      </QueryState>
    </Page>
  );
}

function SeasonSchedule({ season }: { season: number }) {
  const schedule = useQuery(seasonScheduleQuery(season));
  return (
    <QueryState query={schedule} pending={<ScheduleSkeleton />} error={NOT_LOADED}>
      {({ meetings }) => <Rounds season={season} meetings={meetings} />}
    </QueryState>
  );
}

function Rounds({ season, meetings }: { season: number; meetings: MeetingSummary[] }) {
  const roundsId = useId();
  const calendarId = useId();
  const timeZone = useTimeZone();
  // The current or next round; once the season is over, its last one.
  const featured = meetings.find((meeting) => meeting.isCurrent) ?? meetings.at(-1);
  if (!featured) return <p>No rounds of the {season} season are known yet.</p>;

  return (
    <div className={styles.sections}>
      <MeetingHero meeting={featured} showName showMap />
      <AddSeasonToCalendar season={season} />
      <section aria-labelledby={roundsId}>
        <h2 id={roundsId} className={styles.heading}>
          All {meetings.length} rounds
        </h2>
        <RoundList meetings={meetings} />
      </section>
      <section aria-labelledby={calendarId}>
        <h2 id={calendarId} className={styles.heading}>
          Calendar
        </h2>
        <SeasonCalendar initialMonth={monthOf(meetingDays(featured, { timeZone }).raceDay)} />
      </section>
    </div>
  );
}

export { SchedulePage as Component };
