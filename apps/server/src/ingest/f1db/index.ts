import { getTableName, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataImports, races } from '../../db/schema';
import type { EventBus } from '../../lib/events';
import { recordDifferences } from './differences';
import { refreshProvisionalStandings } from './provisional-standings';
import { ERGAST_STANDINGS_TABLES, refreshErgastStandings } from './ergast-standings';
import { prepareInWorker } from './prepare';
import { f1Tables, provisionalSessionColumns, type F1TableName } from './rows';
import { F1dbImportError } from './source';
import { syncStagedTable, type TableChanges } from './sync';

export { F1dbImportError };

export type ImportSummary = {
  /** "v6.5.0+<first 12 hex digits of the content hash>": the F1DB schema version and the exact data. */
  version: string;
  /** The newest day with results in the data (YYYY-MM-DD). */
  dataDate: string;
  /** Rows inserted, updated or deleted across all F1 tables; 0 when the data was already there. */
  changedRows: number;
  /** Rows per table after the import. */
  counts: Record<F1TableName, number>;
  /** Per table, only the tables that changed. */
  changes: Partial<Record<F1TableName, TableChanges>>;
  /** Drivers whose official place or points differ from the provisional classification this import replaced. */
  differences: number;
  durationMs: number;
};

export async function hasF1Data(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(races);
  return (row?.n ?? 0) > 0;
}

/**
 * Imports the F1DB source tree at dir: reads and validates every file first (in a thread of its own), then writes
 * all tables in one transaction, changing only rows that differ, and records the run in data_imports.
 * A bad or missing file throws an F1dbImportError (file and field) before anything is written.
 * When rows changed, `events` (the server's bus) hears "results-updated", so open pages refresh.
 */
export type ImportOptions = {
  dir: string;
  events?: EventBus;
  /** Hears each step, for a caller that shows progress (the admin re-import job). */
  onProgress?: (progress: ImportProgress) => void;
  /** Runs inside the import's transaction after the tables are written (the admin's audit entry). */
  withinTransaction?: (tx: Db, summary: Omit<ImportSummary, 'durationMs'>) => Promise<void>;
};

/** `done` of `total` steps: reading the tree is one, each table one. */
export type ImportProgress = { step: string; done: number; total: number };

export async function importF1db(db: Db, options: ImportOptions): Promise<ImportSummary> {
  const startedAt = new Date();
  const tableNames = Object.keys(f1Tables) as F1TableName[];
  const report = (step: string, done: number) => options.onProgress?.({ step, done, total: tableNames.length + 1 });
  report('Reading the F1DB files', 0);
  const { version, dataDate, counts, batches, official } = await prepareInWorker(options.dir);

  const changes: ImportSummary['changes'] = {};
  let changedRows = 0;
  let differences = 0;
  await db.transaction(async (tx) => {
    differences = await recordDifferences(tx, official, version, startedAt);
    for (const [index, name] of tableNames.entries()) {
      report(`Writing ${name}`, index + 1);
      const tableChanges = await syncStagedTable(tx, f1Tables[name], batches[name], provisionalSessionColumns[name]);
      const changed = tableChanges.inserted + tableChanges.updated + tableChanges.deleted;
      if (changed > 0) changes[name] = tableChanges;
      changedRows += changed;
    }
    // Rounds still provisional after this one count from the official standings now before them.
    changedRows += await refreshProvisionalStandings(tx);
    // The Ergast API's standings lists follow the results and standings just written (derived, not counted); when
    // nothing changed they already do.
    if (changedRows > 0) await refreshErgastStandings(tx);
    await tx.insert(dataImports).values({
      source: 'F1DB',
      version,
      dataDate: new Date(`${dataDate}T00:00:00Z`),
      startedAt,
      finishedAt: new Date(),
      changedRows,
      counts,
    });
    await options.withinTransaction?.(tx, { version, dataDate, changedRows, counts, changes, differences });
  });
  if (changedRows > 0) {
    await refreshPlannerStatistics(db, Object.keys(changes) as F1TableName[]);
    await options.events?.publish({ type: 'results-updated', data: { source: 'import', at: new Date().toISOString(), version } });
  }
  return { version, dataDate, changedRows, counts, changes, differences, durationMs: Date.now() - startedAt.getTime() };
}

/**
 * ANALYZE the tables an import changed: without their statistics the planner takes a season for a few rows and
 * nests the Ergast filters' probes (seconds instead of milliseconds), and the embedded database never gathers them
 * on its own (it runs no autovacuum).
 */
async function refreshPlannerStatistics(db: Db, tableNames: F1TableName[]): Promise<void> {
  if (tableNames.length === 0) return;
  const tables = [...tableNames.map((name) => getTableName(f1Tables[name])), ...ERGAST_STANDINGS_TABLES];
  await db.execute(sql`analyze ${sql.join(tables.map((name) => sql.identifier(name)), sql`, `)}`);
}
