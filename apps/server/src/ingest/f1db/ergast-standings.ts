import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The championship tables the Ergast API reads, each derived from F1DB's (or the provisional) standings. */
const LISTS = {
  driver: { ergast: 'ergast_driver_standings', standings: 'race_driver_standings', column: 'driver_id' },
  constructor: { ergast: 'ergast_constructor_standings', standings: 'race_constructor_standings', column: 'constructor_id' },
} as const;

/** The tables refreshErgastStandings writes (an import analyzes them with the tables it changed). */
export const ERGAST_STANDINGS_TABLES = Object.values(LISTS).map((list) => list.ergast);

/** Position codes of entries that did not start the grand prix: a driver or team with only these is not listed. */
const DID_NOT_START = ['DNQ', 'DNPQ', 'DNS', 'DNP'];

/** A position after every real one: closes each countback list, so a list that goes on ranks before its prefix. */
const COUNTBACK_END = 10_000;

/**
 * Makes ergast_driver_standings and ergast_constructor_standings hold, after each race of `years` (every season when
 * not given) that has standings, the lists Ergast gave: see ergastLists. Run in the transaction of every write of
 * results or standings (the F1DB import, provisional results), so the two never disagree. Writes only the rows that
 * differ; returns how many it deleted and inserted.
 */
export async function refreshErgastStandings(tx: Db, years?: number[]): Promise<number> {
  const scope = years === undefined ? sql`true` : years.length === 0 ? sql`false` : sql`r.year in (${sql.join(years.map((y) => sql`${y}`), sql`, `)})`;
  let changed = 0;
  for (const of of Object.keys(LISTS) as (keyof typeof LISTS)[]) changed += await refreshList(tx, of, scope);
  return changed;
}

/** One statement: the fresh lists, their keys no longer listed deleted, the others written where they differ. */
async function refreshList(tx: Db, of: keyof typeof LISTS, scope: SQL): Promise<number> {
  const { ergast, column } = LISTS[of];
  const [table, id] = [sql.identifier(ergast), sql.identifier(column)];
  const races = sql`select r.id from races r where ${scope}`;
  const result = (await tx.execute(sql`with fresh as (${ergastLists(of, races)}),
    removed as (
      delete from ${table} t where t.race_id in (${races})
        and not exists (select 1 from fresh f where f.race_id = t.race_id and f.position_display_order = t.position_display_order)
      returning 1
    ), written as (
      insert into ${table} as t (race_id, position_display_order, position_number, position_text, points, ${id}, source)
      select f.race_id, f.position_display_order, f.position_number, f.position_text, f.points, f.id, f.source from fresh f
      on conflict (race_id, position_display_order) do update
        set position_number = excluded.position_number, position_text = excluded.position_text, points = excluded.points, ${id} = excluded.${id}, source = excluded.source
        where (t.position_number, t.position_text, t.points, t.${id}, t.source)
          is distinct from (excluded.position_number, excluded.position_text, excluded.points, excluded.${id}, excluded.source)
      returning 1
    )
    select ((select count(*) from removed) + (select count(*) from written))::int as n`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/**
 * The standings after each of `races` that has standings, as Ergast listed them: everyone with a grand prix entry of
 * the season up to that round who started one (see DID_NOT_START), F1DB's ranked first in its order, those it does
 * not rank (in many older seasons all who scored nothing) after them with no points. Ergast gave every row its own
 * place: drivers F1DB ranks level, and the unranked, are ordered by countback (most best finishes first), those
 * never classified last, then by F1DB's order or the id. A row F1DB ranks without a place (a disqualification)
 * keeps its text and has none. Columns: race_id, position_display_order, position_number, position_text, points,
 * id, source.
 */
function ergastLists(of: keyof typeof LISTS, races: SQL): SQL {
  const { standings, column } = LISTS[of];
  const [table, entrant] = [sql.identifier(standings), sql.identifier(column)];
  const started = sql.join(DID_NOT_START.map((code) => sql`${code}`), sql`, `);
  return sql`with listed_races as (
      select r.id, r.year, r.round from races r where r.id in (${races}) and exists (select 1 from ${table} x where x.race_id = r.id)
    ), countback as (
      select lr.id as race_id, rr.${entrant} as id,
        coalesce(array_agg(rr.position_number order by rr.position_number) filter (where rr.position_number is not null), '{}') || ${COUNTBACK_END}::int as countback
      from listed_races lr join races er on er.year = lr.year and er.round <= lr.round join race_results rr on rr.race_id = er.id
      where rr.session = 'RACE' and rr.position_text not in (${started})
      group by lr.id, rr.${entrant}
    ), listed as (
      select s.race_id, 0 as part, s.position_number, s.position_text, s.points, s.${entrant} as id, s.source, s.position_display_order as f1db_order, c.countback
      from ${table} s join listed_races lr on lr.id = s.race_id left join countback c on c.race_id = s.race_id and c.id = s.${entrant}
      union all
      select c.race_id, 1, null, null, 0, c.id, (select max(x.source) from ${table} x where x.race_id = c.race_id), null, c.countback
      from countback c where not exists (select 1 from ${table} x where x.race_id = c.race_id and x.${entrant} = c.id)
    ), placed as (
      select listed.*, row_number() over (partition by race_id order by part, position_number nulls last, countback nulls last, f1db_order, id collate "C")::int as place
      from listed
    )
    select race_id, place as position_display_order,
      case when part = 0 and position_number is null then null else place end as position_number,
      case when part = 0 and position_number is null then position_text else place::text end as position_text,
      points, id, source
    from placed`;
}
