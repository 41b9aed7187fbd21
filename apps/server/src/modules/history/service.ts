import type { ChampionSeason, HistoryMeeting, HistoryResponse, RecordCategory, RecordTable } from '@slipstream/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ERAS } from './eras';
import {
  championTeams,
  champions,
  decidedSeasons,
  racesWithSlugs,
  recordCountings,
  topHolders,
  type ChampionRow,
  type ChampionTeamRow,
  type Cutoff,
  type RaceName,
} from './queries';
import { TIMELINE } from './timeline';

type Subject = 'drivers' | 'constructors';

const RECORD_WORDING: Record<Subject, Record<RecordCategory, { title: string; counting: string }>> = {
  drivers: {
    titles: { title: 'Most drivers’ titles', counting: 'Championships won.' },
    wins: { title: 'Most wins', counting: 'Championship races won; a shared car’s win counts for each of its drivers.' },
    poles: { title: 'Most pole positions', counting: 'Races started from the first place on the grid.' },
    podiums: { title: 'Most podiums', counting: 'Races finished in the top three.' },
    starts: { title: 'Most race starts', counting: 'Races started; entries that did not start or qualify are left out.' },
  },
  constructors: {
    titles: { title: 'Most constructors’ titles', counting: 'Championships won since the first in 1958.' },
    wins: { title: 'Most wins', counting: 'Championship races won.' },
    poles: { title: 'Most pole positions', counting: 'Races started with a car in first place on the grid.' },
    podiums: { title: 'Most podiums', counting: 'Top-three finishes; each car on the podium counts.' },
    starts: { title: 'Most race starts', counting: 'Races started by at least one car.' },
  },
};

/** The history page from the data, counting every race up to the cutoff (the last finished by the clock). */
export async function buildHistory(db: Db, through: HistoryMeeting | null): Promise<Omit<HistoryResponse, 'racesMissing'>> {
  if (!through) return { through: null, eras: [], records: { drivers: [], constructors: [] }, timeline: timelineThrough(TIMELINE[0]!.year) };
  const cutoff: Cutoff = { season: through.season, round: through.round };
  const lastDecided = (await decidedSeasons(db, cutoff)).at(-1) ?? 0;
  const countings = recordCountings(cutoff, lastDecided);
  const [championRows, teamRows, raceNames, driverRecords, constructorRecords] = await Promise.all([
    champions(db, lastDecided),
    championTeams(db, lastDecided),
    racesWithSlugs(db, cutoff),
    recordTables(db, 'drivers', countings.drivers),
    recordTables(db, 'constructors', countings.constructors),
  ]);
  const seasons = championRows.map((row) => championSeason(row, teamRows, raceNames));
  return {
    through,
    // Eras still to come are left out; the filter keeps a prefix of ERAS, so i indexes ERAS too.
    eras: ERAS.filter((era) => era.from <= through.season).map((era, i) => {
      const next = ERAS[i + 1];
      const inEra = (year: number) => year >= era.from && (!next || year < next.from);
      return { ...era, to: next ? next.from - 1 : null, seasons: seasons.filter((s) => inEra(s.year)) };
    }),
    records: { drivers: driverRecords, constructors: constructorRecords },
    timeline: timelineThrough(through.season),
  };
}

/** The moments up to the season the page counts to: a season still to come has none yet. */
function timelineThrough(season: number) {
  return TIMELINE.filter((moment) => moment.year <= season);
}

function championSeason(row: ChampionRow, teamRows: ChampionTeamRow[], raceNames: RaceName[]): ChampionSeason {
  const teams = teamRows.filter((team) => team.year === row.year);
  const seasonRaces = raceNames.filter((race) => race.year === row.year);
  const decider = seasonRaces.find((race) => race.decider) ?? seasonRaces.at(-1);
  if (!decider) throw new Error(`The ${row.year} champion has no races`);
  return {
    year: row.year,
    driver: {
      id: row.driverId,
      name: row.driverName,
      countryCode: row.countryCode,
      teams: teams.map((team) => team.teamName),
      points: row.points,
      wins: teams.reduce((sum, team) => sum + team.wins, 0),
    },
    constructor:
      row.constructorId && row.constructorName && row.constructorPoints !== null
        ? { id: row.constructorId, name: row.constructorName, points: row.constructorPoints }
        : null,
    decidedAt: { season: decider.year, round: decider.round, name: decider.name, slug: decider.slug },
  };
}

async function recordTables(db: Db, subject: Subject, countings: Record<RecordCategory, SQL>): Promise<RecordTable[]> {
  const categories = Object.keys(RECORD_WORDING[subject]) as RecordCategory[];
  return Promise.all(
    categories.map(async (category) => ({
      category,
      ...RECORD_WORDING[subject][category],
      holders: await topHolders(db, { subject: subject === 'drivers' ? 'driver' : 'constructor', counts: countings[category] }),
    })),
  );
}
