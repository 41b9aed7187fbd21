/**
 * `node --import tsx e2e/support/prepare-data-dir.ts`, run before the suite's server: gives it a DATA_DIR that already
 * holds the full F1DB data, from the dump the server's tests keep (apps/server/src/test/f1-database.ts; made here when
 * missing, once for all shards), so its first start does not import F1DB itself (a minute or more per shard). A
 * DATA_DIR that has a database is left as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { keepDataDirPrivate } from '../../apps/server/src/lib/private-files';
import { writeF1DataDir } from '../../apps/server/src/test/f1-database';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('prepare-data-dir.ts fills the DATA_DIR of its environment: set DATA_DIR');
if (!fs.existsSync(path.join(dataDir, 'pglite'))) {
  keepDataDirPrivate(dataDir);
  await writeF1DataDir(dataDir);
}
