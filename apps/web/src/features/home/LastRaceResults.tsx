import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { LastMeeting, LastRaceSummary, RaceRef } from '@slipstream/contract';
import { paths } from '../../lib/paths';
import { lastMeetingQuery } from '../../lib/queries';
import { formatDate } from '../../lib/time';
import { resultsNotInText } from '../../lib/resultsKnown';
import { BehindNote } from '../../lib/ui/BehindNote';
import { Button } from '../../lib/ui/Button';
import { ProvisionalNote } from '../../lib/ui/Provisional';
import { QueryState } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { Podium, type PodiumEntry } from './Podium';
import { lastFinishedMeeting, lastRaceSummaryQuery, podiumRace } from './queries';
import styles from './LastRaceResults.module.css';

/**
 * The last race's podiums (GET /api/get-last, then its summary). While the last race's results are not in yet,
 * the latest race that has results, named and dated, with a note saying so. Hidden while the next meeting is
 * under a day away (the server answers the too-soon message then), and when either call fails (only logged).
 */
export function LastRaceResults() {
  const last = useQuery(lastMeetingQuery);
  const meeting = lastFinishedMeeting(last.data);
  const race = podiumRace(last.data);
  const summary = useQuery(lastRaceSummaryQuery(race));

  if (!meeting || !race) return null;
  return (
    <QueryState
      query={summary}
      pending={
        <LastRace meeting={meeting} race={race}>
          <PodiumSkeleton />
        </LastRace>
      }
      error={null}
    >
      {(podiums) =>
        podiums.topDriverResults.length > 0 && (
          <LastRace meeting={meeting} race={race}>
            <Podiums summary={podiums} />
          </LastRace>
        )
      }
    </QueryState>
  );
}

/** The section's heading, naming the race, and the note when later races miss their results; then its podiums. */
function LastRace({ meeting, race, children }: { meeting: LastMeeting; race: RaceRef; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby="last-race-results">
      <header className={styles.header}>
        <h2 id="last-race-results">Last race results</h2>
        <span className={styles.meeting}>
          <Link to={paths.meeting(race.season, race.slug)}>
            {race.meetingName} {race.season}
          </Link>
          <span className={styles.date}> · {formatDate(race.date)}</span>
        </span>
      </header>
      {meeting.latestResults.racesMissing > 0 && (
        <BehindNote>{resultsNotInText(meeting.latestResults.racesMissing, meeting.race.meetingName)}</BehindNote>
      )}
      {children}
    </section>
  );
}


function Podiums({ summary }: { summary: LastRaceSummary }) {
  const [expanded, setExpanded] = useState(false);
  const moreId = useId();
  return (
    <>
      {summary.provisional && <ProvisionalNote />}
      <h3 className={styles.title}>Drivers</h3>
      <Podium label="Driver podium" entries={summary.topDriverResults.map(driverEntry)} />
      <div id={moreId} hidden={!expanded} className={styles.more}>
        <div>
          <h3 className={styles.title}>Teams</h3>
          <Podium label="Team podium" entries={summary.topTeamResults.map(teamEntry)} />
        </div>
        <div>
          <h3 className={styles.title}>Most Positions Gained</h3>
          <Podium label="Most positions gained" entries={summary.posGained.map(gainEntry)} />
        </div>
      </div>
      <Button variant="secondary" className={styles.toggle} aria-expanded={expanded} aria-controls={moreId} onClick={() => setExpanded(!expanded)}>
        {expanded ? 'View less results' : 'View more results'}
      </Button>
    </>
  );
}

const points = (value: number) => `${value} PTS`;

function driverEntry(result: LastRaceSummary['topDriverResults'][number]): PodiumEntry {
  return {
    key: `${result.driverFirstName} ${result.driverLastName}`,
    firstName: result.driverFirstName,
    name: result.driverLastName,
    team: result.displayTeamName,
    value: points(result.racePoints),
    colour: result.teamColour,
  };
}

function teamEntry(result: LastRaceSummary['topTeamResults'][number]): PodiumEntry {
  return { key: result.team, name: result.team, value: points(result.points), colour: result.teamColour };
}

function gainEntry(result: LastRaceSummary['posGained'][number]): PodiumEntry {
  return {
    key: `${result.driver_first_name} ${result.driver_last_name}`,
    firstName: result.driver_first_name,
    name: result.driver_last_name,
    team: result.team,
    value: `+${result.gained} ${result.gained === 1 ? 'place' : 'places'}`,
    colour: result.teamColour,
  };
}

function PodiumSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <Skeleton width="5rem" />
      <div className={styles.skeletonSteps}>
        <Skeleton height="8rem" shape="block" />
        <Skeleton height="10rem" shape="block" />
        <Skeleton height="6.5rem" shape="block" />
      </div>
    </div>
  );
}
