/**
 * `npm run import:f1db [-- --dir PATH]`: imports (or re-imports) an F1DB source tree into the
 * database from the configuration (PGlite under DATA_DIR, or DATABASE_URL), like the server does.
 * The tree is --dir, else F1DB_DIR, else ../shared/data/f1db beside the repository.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { EmbeddedDatabaseBusy, openCommandDatabase } from '../../db/embedded';
import { F1dbImportError, importF1db, type ImportSummary } from './index';

async function main() {
  const { values } = parseArgs({ options: { dir: { type: 'string' } } });
  const config = loadConfig();
  // npm runs the script inside apps/server; a relative --dir means relative to where it was typed.
  const dir = values.dir ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.dir) : config.f1dbDir;
  const database = await openCommandDatabase(config, 'import:f1db');
  try {
    await database.migrate();
    console.log(`Importing F1DB from ${dir} into ${database.description}`);
    console.log(report(await importF1db(database.db, { dir })));
  } finally {
    await database.close();
  }
}

function report(summary: ImportSummary): string {
  const changed = Object.entries(summary.changes).map(
    ([table, { inserted, updated, deleted }]) => `  ${table.padEnd(28)} +${inserted} ~${updated} -${deleted}`,
  );
  return [
    `F1DB ${summary.version}, results up to ${summary.dataDate}`,
    'Rows:',
    ...Object.entries(summary.counts).map(([table, count]) => `  ${table.padEnd(28)} ${count}`),
    summary.changedRows === 0 ? 'Nothing changed: the database already held this data.' : `Changed ${summary.changedRows} rows (+inserted ~updated -deleted):`,
    ...changed,
    `Done in ${(summary.durationMs / 1000).toFixed(1)} s`,
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof F1dbImportError || error instanceof EmbeddedDatabaseBusy ? error.message : error);
  process.exit(1);
});
