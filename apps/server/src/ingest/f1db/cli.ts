/**
 * `npm run import:f1db [-- --dir PATH]`: imports (or re-imports) an F1DB source tree into the
 * database from the configuration (PGlite under DATA_DIR, or DATABASE_URL), like the server does.
 * The tree is --dir, else F1DB_DIR, else ../shared/data/f1db beside the repository.
 * `-- --latest` instead downloads F1DB's latest release (F1DB_RELEASES_URL) and imports it when it is not the
 * release imported last (`--force`: import it all the same).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../../config';
import type { Database } from '../../db/client';
import { EmbeddedDatabaseBusy, openCommandDatabase } from '../../db/embedded';
import { keepDataDirPrivate } from '../../lib/private-files';
import { hasF1dbTree } from './first-start';
import { F1dbImportError, importF1db, type ImportSummary } from './index';
import { releaseWorkDir, ReleaseUnavailable, syncLatestRelease } from './release';

async function main() {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, latest: { type: 'boolean' }, force: { type: 'boolean' } } });
  const config = loadConfig();
  keepDataDirPrivate(config.dataDir);
  const database = await openCommandDatabase(config, 'import:f1db');
  try {
    await database.migrate();
    const target = database.description;
    if (values.latest) {
      await importLatest(config, database, target, values.force ?? false);
      return;
    }
    // npm runs the script inside apps/server; a relative --dir means relative to where it was typed.
    const dir = values.dir ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.dir) : config.f1dbDir;
    if (!hasF1dbTree(dir)) {
      console.error(`No F1DB source tree at ${dir}: pass -- --dir PATH, set F1DB_DIR, or download F1DB's latest release with -- --latest.`);
      process.exitCode = 1;
      return;
    }
    console.log(`Importing F1DB from ${dir} into ${target}`);
    console.log(report(await importF1db(database.db, { dir })));
  } finally {
    await database.close();
  }
}

async function importLatest(config: Config, database: Database, target: string, force: boolean) {
  console.log(`Reading the latest F1DB release from ${config.f1dbReleasesUrl}`);
  const result = await syncLatestRelease({ db: database.db, url: config.f1dbReleasesUrl, workDir: releaseWorkDir(config.dataDir), force });
  if (result.status === 'up-to-date') {
    console.log(`${result.release.tag} is the release imported last: nothing to do (--force imports it again).`);
    return;
  }
  console.log(`Imported release ${result.release.tag} into ${target}`);
  console.log(report(result.summary));
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
    ...(summary.differences > 0 ? [`${summary.differences} provisional results differed from the official ones (see the admin dashboard).`] : []),
    `Done in ${(summary.durationMs / 1000).toFixed(1)} s`,
  ].join('\n');
}

main().catch((error: unknown) => {
  const expected = error instanceof ConfigError || error instanceof F1dbImportError || error instanceof ReleaseUnavailable || error instanceof EmbeddedDatabaseBusy;
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
});
