import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from './queries';

/**
 * Ergast's ids at the edges of the Ergast API: requests may name a driver, constructor or circuit by Ergast's id
 * (`hamilton`, `red_bull`, `spa`) or F1DB's; queries run on F1DB's; answers carry Ergast's (the `ergast_ids` table,
 * built by the importer from Ergast's own tables, see ingest/f1db/ergast-ids.ts).
 */

export type IdKind = 'driver' | 'constructor' | 'circuit';

/** The fields of an Ergast answer that hold an id, wherever they are in it. */
const ID_FIELDS: Record<string, IdKind> = { driverId: 'driver', constructorId: 'constructor', circuitId: 'circuit' };

/**
 * The F1DB ids an Ergast id names (several for a team F1DB starts anew at a change of name, such as `sauber`): the
 * one of the asked season first when a season is asked, then the one Ergast's own table named.
 */
export async function ergastIdTargets(db: Db, kind: IdKind, ergastId: string, season: number | undefined): Promise<string[]> {
  const rows = await rowsOf<{ target: string; inSeason: boolean }>(
    db,
    sql`select e.f1db_id as target, ${
      kind === 'constructor' && season !== undefined
        ? sql`exists (select 1 from race_results rr join races ra on ra.id = rr.race_id where rr.constructor_id = e.f1db_id and ra.year = ${season})`
        : sql`false`
    } as "inSeason"
      from ergast_ids e where e.kind = ${kind} and e.ergast_id = ${ergastId}`,
  );
  const own = (target: string) => target.replaceAll('-', '_') === ergastId;
  return rows.sort((a, b) => Number(b.inSeason) - Number(a.inSeason) || Number(own(b.target)) - Number(own(a.target))).map((row) => row.target);
}

/** Every id of an answer (`driverId`, `constructorId`, `circuitId`, at any depth) replaced by Ergast's. */
export async function withErgastIds<T>(db: Db, answer: T): Promise<T> {
  const wanted: Record<IdKind, Set<string>> = { driver: new Set(), constructor: new Set(), circuit: new Set() };
  visitIds(answer, (kind, id) => {
    wanted[kind].add(id);
    return id;
  });
  const pairs = Object.entries(wanted).flatMap(([kind, ids]) => [...ids].map((id) => sql`(${kind}, ${id})`));
  if (pairs.length === 0) return answer;
  const rows = await rowsOf<{ kind: IdKind; f1dbId: string; ergastId: string }>(
    db,
    sql`select kind, f1db_id as "f1dbId", ergast_id as "ergastId" from ergast_ids where (kind, f1db_id) in (${sql.join(pairs, sql`, `)})`,
  );
  const ergast = new Map(rows.map((row) => [`${row.kind} ${row.f1dbId}`, row.ergastId]));
  visitIds(answer, (kind, id) => ergast.get(`${kind} ${id}`) ?? id);
  return answer;
}

/** Calls `replace` on every id field of a JSON value, in place, writing back what it returns. */
function visitIds(value: unknown, replace: (kind: IdKind, id: string) => string): void {
  if (Array.isArray(value)) {
    for (const item of value) visitIds(item, replace);
  } else if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const [key, field] of Object.entries(object)) {
      const kind = ID_FIELDS[key];
      if (kind && typeof field === 'string') object[key] = replace(kind, field);
      else visitIds(field, replace);
    }
  }
}
