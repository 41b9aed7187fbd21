// `npm run bench:import`: times the whole F1DB import into a fresh in-memory PGlite and a fresh PostgreSQL
// database, then a re-import of the same data (which must change nothing), with the server's own importer.
// Run through tsx (the root script does), since the importer is TypeScript.
import { openDatabase } from '../apps/server/src/db/client.ts';
import { importF1db } from '../apps/server/src/ingest/f1db/index.ts';
import { f1dbDir, freshPostgresDatabase, seconds, table } from './lib.mjs';

async function timeImports(label, databaseUrl) {
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    await database.migrate();
    const first = await importF1db(database.db, { dir: f1dbDir });
    const again = await importF1db(database.db, { dir: f1dbDir });
    if (again.changedRows !== 0) throw new Error(`${label}: the re-import changed ${again.changedRows} rows`);
    const rows = Object.values(first.counts).reduce((sum, count) => sum + count, 0);
    return [label, rows, first.changedRows, seconds(first.durationMs), seconds(again.durationMs)];
  } finally {
    await database.close();
  }
}

const results = [];
console.log(`F1DB from ${f1dbDir}`);
results.push(await timeImports('PGlite (memory://)', 'memory://'));
const postgres = await freshPostgresDatabase();
try {
  results.push(await timeImports('PostgreSQL (fresh database)', postgres.url));
} finally {
  await postgres.drop();
}
console.log(table(['database', 'rows', 'rows written', 'first import', 're-import (no changes)'], results));
