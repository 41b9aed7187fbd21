import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What one import did to one table, in rows. */
export type TableChanges = { inserted: number; updated: number; deleted: number };

/**
 * Rows per staging statement. Each batch travels as one JSON parameter (far below PostgreSQL's
 * 65535 bind parameters), which both PGlite and node-postgres pass and parse much faster than a
 * multi-row VALUES list with a parameter per cell.
 */
const batchSize = 5_000;

/** The rows as syncStagedTable takes them: batches of JSON text whose keys are the table's column names. */
export function stagingBatches(table: PgTable, rows: Record<string, unknown>[]): string[] {
  const columns = Object.entries(getTableColumns(table)).map(([field, column]) => ({ field, name: column.name }));
  const batches: string[] = [];
  for (let start = 0; start < rows.length; start += batchSize) {
    batches.push(JSON.stringify(rows.slice(start, start + batchSize).map((row) => Object.fromEntries(columns.map(({ field, name }) => [name, row[field] ?? null])))));
  }
  return batches;
}

/** Makes the table hold exactly these rows (syncStagedTable). */
export async function syncTable(tx: Transaction, table: PgTable, rows: Record<string, unknown>[]): Promise<TableChanges> {
  return syncStagedTable(tx, table, stagingBatches(table, rows));
}

/**
 * Makes the table hold exactly the rows of these staging batches, touching only rows that differ. The rows go into
 * a staging copy of the table first; the database then deletes keys that vanished, replaces rows whose values
 * changed and inserts new keys, and counts each. A second import of the same data writes nothing.
 *
 * A table that also holds provisional rows (a source column) names the columns of one session in
 * `sessionColumns`: its provisional rows are replaced where these rows hold the same session and kept
 * for the sessions they do not hold yet.
 */
export async function syncStagedTable(tx: Transaction, table: PgTable, batches: readonly string[], sessionColumns?: readonly string[]): Promise<TableChanges> {
  const target = getTableConfig(table).name;
  const staging = `f1db_staging_${target}`;
  const same = (names: readonly string[]) => names.map((column) => `s."${column}" = t."${column}"`).join(' and ');
  const key = primaryKeyColumns(table);
  const sameKey = same(key);
  const vanished = sessionColumns
    ? `(t.source = 'F1DB' or exists (select 1 from "${staging}" s where ${same(sessionColumns)}))`
    : 'true';

  // With the target's keys, so that a key twice in the source fails here as it would in the target.
  await tx.execute(sql.raw(`create temp table "${staging}" (like "${target}" including indexes) on commit drop`));
  for (const batch of batches) {
    await tx.execute(sql`insert into ${sql.identifier(staging)} select * from json_populate_recordset(null::${sql.identifier(staging)}, ${batch}::json)`);
  }

  const deleted = await countRows(
    tx,
    sql.raw(`delete from "${target}" t where not exists (select 1 from "${staging}" s where ${sameKey}) and ${vanished} returning 1`),
  );
  // A changed row is deleted and inserted again, so no unique key (say a race's round) can clash midway.
  const updated = await countRows(tx, sql.raw(`delete from "${target}" t using "${staging}" s where ${sameKey} and row(t.*) is distinct from row(s.*) returning 1`));
  // Not an anti-join: on a table that starts empty the planner scans the target for each staged row, and that scan
  // reads every page the statement has written so far (a first import of 43,000 qualifying rows took 46 s).
  const written = await countRows(tx, sql.raw(`insert into "${target}" select s.* from "${staging}" s on conflict (${key.map((column) => `"${column}"`).join(', ')}) do nothing returning 1`));
  await tx.execute(sql.raw(`drop table "${staging}"`));
  return { inserted: written - updated, updated, deleted };
}

function primaryKeyColumns(table: PgTable): string[] {
  const composite = getTableConfig(table).primaryKeys[0]?.columns;
  return (composite ?? Object.values(getTableColumns(table)).filter((column) => column.primary)).map((column) => column.name);
}

/** Runs a data-changing statement with RETURNING and counts its rows, the same way on both drivers. */
async function countRows(tx: Transaction, statement: SQL): Promise<number> {
  const result = (await tx.execute(sql`with changed as (${statement}) select count(*)::int as n from changed`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}
