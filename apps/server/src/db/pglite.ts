import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's 128 MB default would sit inside the server process with PGlite (its WASM memory), for data that
 * lives in the OS page cache anyway; the hot answers are cached above the database.
 * See docs/decisions/006-memory-flags.md.
 */
const PGLITE_SHARED_BUFFERS = '8MB';

/**
 * A PGlite on folder, or in memory without one; started from loadDataDir (a dumpDataDir of another) when given. The
 * driver is loaded only when used.
 */
export async function newPGlite(folder: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const client = new PGlite({ dataDir: folder, startParams, loadDataDir });
  await client.waitReady;
  return client;
}

/** The folder under DATA_DIR that PGlite keeps its files in. */
export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
