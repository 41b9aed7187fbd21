import { sql, type SQL } from 'drizzle-orm';
import type { RecordHolder } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { uniqueSlugs } from '../f1/calendar/queries';

/** The latest race counted: history covers every race up to and including it, nothing after. */
export type Cutoff = { season: number; round: number };

/** Classifications that are not a start (as the driver pages count starts). */
const NON_STARTS = sql`('DNS', 'DNQ', 'DNPQ', 'DNP')`;

/** How many holders a record table lists: the top ten places, more when the tenth is shared. */
const RECORD_PLACES = 10;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const upTo = (cutoff: Cutoff) => sql`(r.year, r.round) <= (${cutoff.season}, ${cutoff.round})`;

/** Seasons whose final round has been run by the cutoff, oldest first. */
export async function decidedSeasons(db: Db, cutoff: Cutoff): Promise<number[]> {
  const seasons = await rows<{ year: number }>(
    db,
    sql`select year from races r group by year
        having (max(round) <= ${cutoff.round} and year = ${cutoff.season}) or year < ${cutoff.season}
        order by year`,
  );
  return seasons.map((s) => s.year);
}

export type ChampionRow = {
  year: number;
  driverId: string;
  driverName: string;
  countryCode: string | null;
  points: number;
  constructorId: string | null;
  constructorName: string | null;
  constructorPoints: number | null;
};

/** The drivers' and (from 1958) constructors' champions of the seasons up to lastSeason. */
export function champions(db: Db, lastSeason: number): Promise<ChampionRow[]> {
  return rows<ChampionRow>(
    db,
    sql`select ds.year, ds.driver_id as "driverId", d.name as "driverName", c.alpha2_code as "countryCode", ds.points,
          cs.constructor_id as "constructorId", k.name as "constructorName", cs.points as "constructorPoints"
        from season_driver_standings ds
        join drivers d on d.id = ds.driver_id
        left join countries c on c.id = d.nationality_id
        left join season_constructor_standings cs on cs.year = ds.year and cs.position_number = 1
        left join constructors k on k.id = cs.constructor_id
        where ds.position_number = 1 and ds.year <= ${lastSeason}
        order by ds.year`,
  );
}

export type ChampionTeamRow = { year: number; teamName: string; wins: number };

/** Each champion's teams in their title season, in order of first race, with the races won for each. */
export function championTeams(db: Db, lastSeason: number): Promise<ChampionTeamRow[]> {
  return rows<ChampionTeamRow>(
    db,
    sql`select r.year, k.name as "teamName", (count(distinct r.id) filter (where rr.position_number = 1))::int as wins
        from race_results rr
        join races r on r.id = rr.race_id
        join season_driver_standings ds on ds.year = r.year and ds.driver_id = rr.driver_id and ds.position_number = 1
        join constructors k on k.id = rr.constructor_id
        where rr.session = 'RACE' and r.year <= ${lastSeason}
        group by r.year, k.id, k.name
        order by r.year, min(r.round)`,
  );
}

export type RaceName = { year: number; round: number; name: string; slug: string; decider: boolean };

/** Every race up to the cutoff with its meeting slug, and whether it decided the drivers' title. */
export async function racesWithSlugs(db: Db, cutoff: Cutoff): Promise<RaceName[]> {
  const all = await rows<Omit<RaceName, 'slug'>>(
    db,
    sql`select r.year, r.round, gp.full_name as name, r.drivers_championship_decider as decider
        from races r join grands_prix gp on gp.id = r.grand_prix_id
        where ${upTo(cutoff)}
        order by r.year, r.round`,
  );
  // Slugs are unique within a season, so they are made season by season, as the schedule makes them.
  const bySeason = new Map<number, Omit<RaceName, 'slug'>[]>();
  for (const race of all) {
    const season = bySeason.get(race.year) ?? [];
    season.push(race);
    bySeason.set(race.year, season);
  }
  return [...bySeason.values()].flatMap((season) => {
    const slugs = uniqueSlugs(season);
    return season.map((race, i) => ({ ...race, slug: slugs[i]! }));
  });
}

/** Counts per driver or constructor: an `id` and a `value` column. */
type Counting = { subject: 'driver' | 'constructor'; counts: SQL };

/** The top places of a count, equal values sharing a rank, names alphabetical within a rank. */
export function topHolders(db: Db, { subject, counts }: Counting): Promise<RecordHolder[]> {
  const names = subject === 'driver' ? sql`drivers` : sql`constructors`;
  return rows<RecordHolder>(
    db,
    sql`with counts as (${counts}),
        ranked as (select id, value::int as value, rank() over (order by value desc)::int as rank from counts where value > 0)
        select ranked.rank, ranked.id, n.name, ranked.value
        from ranked join ${names} n on n.id = ranked.id
        where ranked.rank <= ${RECORD_PLACES}
        order by ranked.rank, n.name`,
  );
}

/** The SQL of each record, counted up to the cutoff (titles only from decided seasons). */
export function recordCountings(cutoff: Cutoff, lastDecidedSeason: number) {
  const raceRows = (column: SQL, where: SQL) =>
    sql`select ${column} as id, count(distinct rr.race_id) as value
        from race_results rr join races r on r.id = rr.race_id
        where rr.session = 'RACE' and ${upTo(cutoff)} and ${where}
        group by ${column}`;
  const driver = sql`rr.driver_id`;
  const team = sql`rr.constructor_id`;
  return {
    drivers: {
      titles: sql`select driver_id as id, count(*) as value from season_driver_standings
                  where position_number = 1 and year <= ${lastDecidedSeason} group by driver_id`,
      wins: raceRows(driver, sql`rr.position_number = 1`),
      poles: raceRows(driver, sql`rr.grid_position = '1'`),
      podiums: raceRows(driver, sql`rr.position_number <= 3`),
      starts: raceRows(driver, sql`rr.position_text not in ${NON_STARTS}`),
    },
    constructors: {
      titles: sql`select constructor_id as id, count(*) as value from season_constructor_standings
                  where position_number = 1 and year <= ${lastDecidedSeason} group by constructor_id`,
      wins: raceRows(team, sql`rr.position_number = 1`),
      poles: raceRows(team, sql`rr.grid_position = '1'`),
      // Every car on the podium counts, so a one-two is two podiums; a shared car is one.
      podiums: sql`select rr.constructor_id as id, count(distinct (rr.race_id, rr.position_number)) as value
                   from race_results rr join races r on r.id = rr.race_id
                   where rr.session = 'RACE' and ${upTo(cutoff)} and rr.position_number <= 3
                   group by rr.constructor_id`,
      starts: raceRows(team, sql`rr.position_text not in ${NON_STARTS}`),
    },
  } satisfies Record<'drivers' | 'constructors', Record<string, SQL>>;
}
