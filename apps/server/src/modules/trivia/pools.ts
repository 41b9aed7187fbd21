import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Cutoff } from '../history/queries';

/**
 * The facts trivia questions are drawn from, read up to the cutoff (the last race finished by the clock). Plain
 * JSON in a stable order, so that a cached copy and a fresh one give the same rounds for the same seed.
 */
export type RaceFacts = {
  raceId: number;
  year: number;
  grandPrix: string;
  winner: string;
  /** F1DB's grid slot: "1", "14", "PL" (pit lane); null when unknown. */
  winnerGrid: string | null;
  /** The rest of the top six, best placed first. */
  others: string[];
};
export type WinCount = { driver: string; wins: number };
export type CircuitFacts = {
  circuitId: string;
  fullName: string;
  place: string;
  country: string;
  races: number;
  firstYear: number;
  lastYear: number;
  /** The layout raced most recently, whose drawing the question shows. */
  layoutId: string;
};
export type DriverSeason = { year: number; driver: string; team: string; position: number };
export type SeasonTeams = { year: number; teams: string[] };
export type StandingFacts = { year: number; position: number; driver: string; points: number };

export type TriviaPools = {
  /** The last season counted, to word a circuit still in use. */
  season: number;
  races: RaceFacts[];
  winCounts: WinCount[];
  circuits: CircuitFacts[];
  driverSeasons: DriverSeason[];
  seasonTeams: SeasonTeams[];
  /** The top five of each decided season. */
  standings: StandingFacts[];
};

/** A circuit must have held this many races to be asked about: the well-known ones. */
const MIN_CIRCUIT_RACES = 5;
/** Drivers asked about in the "most wins" question: winners of at least this many races. */
const MIN_WINS = 3;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const upTo = (cutoff: Cutoff) => sql`(r.year, r.round) <= (${cutoff.season}, ${cutoff.round})`;

export async function loadTriviaPools(db: Db, cutoff: Cutoff, lastDecidedSeason: number): Promise<TriviaPools> {
  const [podiums, winCounts, circuits, driverSeasons, teamRows, standings] = await Promise.all([
    rows<{ raceId: number; year: number; grandPrix: string; driver: string; position: number; grid: string | null }>(
      db,
      sql`select r.id as "raceId", r.year, gp.full_name as "grandPrix", d.name as driver, rr.position_number as position,
            rr.grid_position as grid
          from race_results rr
          join races r on r.id = rr.race_id
          join grands_prix gp on gp.id = r.grand_prix_id
          join drivers d on d.id = rr.driver_id
          where rr.session = 'RACE' and rr.position_number <= 6 and ${upTo(cutoff)}
          order by r.year, r.round, rr.position_display_order`,
    ),
    rows<WinCount>(
      db,
      sql`select d.name as driver, count(distinct rr.race_id)::int as wins
          from race_results rr join races r on r.id = rr.race_id join drivers d on d.id = rr.driver_id
          where rr.session = 'RACE' and rr.position_number = 1 and ${upTo(cutoff)}
          group by d.id, d.name
          having count(distinct rr.race_id) >= ${MIN_WINS}
          order by wins desc, d.name`,
    ),
    rows<CircuitFacts>(
      db,
      sql`select c.id as "circuitId", c.full_name as "fullName", c.place_name as place, co.name as country,
            count(*)::int as races, min(r.year) as "firstYear", max(r.year) as "lastYear",
            (array_agg(r.circuit_layout_id order by r.year desc, r.round desc))[1] as "layoutId"
          from races r join circuits c on c.id = r.circuit_id join countries co on co.id = c.country_id
          where ${upTo(cutoff)}
          group by c.id, c.full_name, c.place_name, co.name
          having count(*) >= ${MIN_CIRCUIT_RACES}
          order by c.id`,
    ),
    // Only drivers who raced for one team all season, so the question has one right answer.
    rows<DriverSeason>(
      db,
      sql`select ds.year, d.name as driver, min(k.name) as team, ds.position_number as position
          from season_driver_standings ds
          join drivers d on d.id = ds.driver_id
          join race_results rr on rr.driver_id = ds.driver_id and rr.session = 'RACE'
          join races r on r.id = rr.race_id and r.year = ds.year
          join constructors k on k.id = rr.constructor_id
          where ds.position_number <= 10 and ds.year <= ${lastDecidedSeason}
          group by ds.year, d.id, d.name, ds.position_number
          having count(distinct rr.constructor_id) = 1
          order by ds.year, ds.position_number`,
    ),
    // Teams of two races or more: the wrong options are real teams of the season, not one-off entries
    // (such as the Indianapolis 500 specialists of the 1950s).
    rows<{ year: number; team: string }>(
      db,
      sql`select r.year, k.name as team
          from race_results rr join races r on r.id = rr.race_id join constructors k on k.id = rr.constructor_id
          where rr.session = 'RACE' and r.year <= ${lastDecidedSeason}
          group by r.year, k.id, k.name
          having count(distinct r.id) >= 2
          order by r.year, k.name`,
    ),
    rows<StandingFacts>(
      db,
      sql`select ds.year, ds.position_number as position, d.name as driver, ds.points
          from season_driver_standings ds join drivers d on d.id = ds.driver_id
          where ds.position_number <= 5 and ds.year <= ${lastDecidedSeason}
          order by ds.year, ds.position_display_order`,
    ),
  ]);
  return {
    season: cutoff.season,
    races: raceFacts(podiums),
    winCounts,
    circuits,
    driverSeasons,
    seasonTeams: groupTeams(teamRows),
    standings,
  };
}

/** Races with a single winner (a shared car's win has two) and at least three other top-six finishers. */
function raceFacts(podiums: { raceId: number; year: number; grandPrix: string; driver: string; position: number; grid: string | null }[]): RaceFacts[] {
  const byRace = new Map<number, typeof podiums>();
  for (const row of podiums) byRace.set(row.raceId, [...(byRace.get(row.raceId) ?? []), row]);
  return [...byRace.values()].flatMap((finishers) => {
    const winners = finishers.filter((f) => f.position === 1);
    const winner = winners[0];
    if (winners.length !== 1 || !winner) return [];
    const others = [...new Set(finishers.map((f) => f.driver))].filter((driver) => driver !== winner.driver);
    if (others.length < 3) return [];
    return [{ raceId: winner.raceId, year: winner.year, grandPrix: winner.grandPrix, winner: winner.driver, winnerGrid: winner.grid, others }];
  });
}

function groupTeams(rows: { year: number; team: string }[]): SeasonTeams[] {
  const byYear = new Map<number, string[]>();
  for (const { year, team } of rows) byYear.set(year, [...(byYear.get(year) ?? []), team]);
  return [...byYear].map(([year, teams]) => ({ year, teams }));
}
