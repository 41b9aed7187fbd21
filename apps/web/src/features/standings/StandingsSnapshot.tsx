import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ResultsKnown } from '@slipstream/contract';
import { paths } from '../../lib/paths';
import { formatPoints } from '../../lib/points';
import { shortMeetingName } from '../../lib/resultsKnown';
import { driversQuery, teamsQuery } from './queries';
import styles from './StandingsSnapshot.module.css';

const SHOWN = 5;

type Line = { key: string; position: number; name: string; points: number | null };

/** The top five drivers and teams of the featured season, after the round they count, each linking to its full table. */
export function StandingsSnapshot() {
  const drivers = useQuery(driversQuery);
  const teams = useQuery(teamsQuery);
  const driverLines = (drivers.data ?? []).filter((d) => d.pozitie !== null).slice(0, SHOWN).map((d) => ({ key: d._id, position: d.pozitie!, name: `${d.primulNume} ${d.alDoileaNume}`, points: d.puncte }));
  const teamLines = (teams.data ?? []).filter((t) => t.pozitie !== null).sort((a, b) => a.pozitie! - b.pozitie!).slice(0, SHOWN).map((t) => ({ key: t._id, position: t.pozitie!, name: t.name, points: t.nrpuncte }));
  const after = drivers.data?.[0]?.standingsAfter ?? teams.data?.[0]?.standingsAfter;
  if (driverLines.length === 0 && teamLines.length === 0) return null;
  return (
    <section className={styles.snapshot} aria-labelledby="standings-snapshot">
      <h2 id="standings-snapshot" className={styles.title}>
        Standings
      </h2>
      {after && <p className={styles.after}>{afterText(after)}</p>}
      <div className={styles.tables}>
        <Top title="Drivers" lines={driverLines} to={paths.drivers} linkText="All drivers’ standings" />
        <Top title="Teams" lines={teamLines} to={paths.teams} linkText="All teams’ standings" />
      </div>
    </section>
  );
}

function afterText({ race, racesMissing }: ResultsKnown): string {
  if (!race) return 'No race has results yet.';
  const missing = racesMissing > 0 ? ` Results of ${racesMissing} later ${racesMissing === 1 ? 'race are' : 'races are'} not in yet.` : '';
  return `After round ${race.round}, ${shortMeetingName(race.meetingName)}.${missing}`;
}

function Top({ title, lines, to, linkText }: { title: string; lines: Line[]; to: string; linkText: string }) {
  return (
    <div className={styles.top}>
      <h3 className={styles.heading}>{title}</h3>
      <ol className={styles.lines}>
        {lines.map((line) => (
          <li key={line.key} className={styles.line}>
            <span className={styles.position}>{line.position}</span>
            <span className={styles.name}>{line.name}</span>
            <span className={styles.points}>{line.points === null ? '' : `${formatPoints(line.points)} pts`}</span>
          </li>
        ))}
      </ol>
      <Link to={to} className={styles.more}>
        {linkText}
      </Link>
    </div>
  );
}
