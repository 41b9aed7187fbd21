/**
 * The embedded database's thread (started by db/embedded-supervisor.ts): it owns PGlite, whose statements run
 * synchronously in WebAssembly, so that a long one holds this thread and never the server's event loop. It serves
 * the database over the PostgreSQL protocol on two unix sockets: one for the server's own pool, whose statements
 * the supervisor times, and one in DATA_DIR for the local commands (imports may run long statements on purpose).
 * See docs/decisions/009-embedded-database-worker.md.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { newPGlite, pgliteFolder } from './pglite';
import { sessionGuard } from './session-guard';

export type EmbeddedWorkerData = {
  dataDir: string;
  serverSocket: string;
  commandSocket: string;
  /** Shared with the supervisor: when the server's running statement started (epoch ms), 0 when none runs. */
  running: BigInt64Array;
};

/** What the worker tells the supervisor. */
export type EmbeddedWorkerMessage =
  | { type: 'ready' }
  /** The SQL of the server's statement that starts to run, for the warning should it run over. */
  | { type: 'statement'; sql: string }
  /** A command's turn ended: what it wrote is committed. */
  | { type: 'commit' }
  | { type: 'failed'; message: string };

/** What the supervisor tells the worker. */
export type EmbeddedWorkerRequest = { type: 'close' };

/** More than the server's pool holds (db/embedded.ts); the commands' socket also serves the server's untimed pool. */
const SERVER_CONNECTIONS = 16;
const COMMAND_CONNECTIONS = 8;
/** A connected command that sends nothing this long is dropped, so a stuck one cannot keep the database. */
const COMMAND_IDLE_TIMEOUT_MS = 60_000;

const port = parentPort!;
const tell = (message: EmbeddedWorkerMessage) => port.postMessage(message);

async function serve(pglite: PGlite, socketPath: string, guard: ReturnType<typeof sessionGuard>, options: { maxConnections: number; idleTimeout?: number }) {
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  fs.rmSync(socketPath, { force: true });
  const server = new PGLiteSocketServer({ db: guard.db as unknown as PGlite, path: socketPath, ...options });
  await server.start();
  fs.chmodSync(socketPath, 0o600);
  return {
    async stop() {
      await server.stop();
      await guard.abandon();
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/** The SQL a Query or Parse message carries (its start), for the warning about a statement that ran over. */
function sqlOf(message: Uint8Array): string | undefined {
  const type = String.fromCharCode(message[0] ?? 0);
  if (type !== 'Q' && type !== 'P') return undefined;
  const body = Buffer.from(message.buffer, message.byteOffset + 5, Math.min(message.length - 5, 400)).toString('utf8');
  // A Parse message starts with the statement's name, then the SQL, each ended by NUL.
  const parts = body.split('\0');
  return (type === 'P' ? parts[1] : parts[0])?.slice(0, 200);
}

async function main() {
  const { dataDir, serverSocket, commandSocket, running } = workerData as EmbeddedWorkerData;
  const pglite = await newPGlite(pgliteFolder(dataDir));
  const serverGuard = sessionGuard(pglite, () => undefined, (message) => {
    Atomics.store(running, 0, message ? BigInt(Date.now()) : 0n);
    const sql = message && sqlOf(message);
    if (sql) tell({ type: 'statement', sql });
  });
  const commandGuard = sessionGuard(pglite, () => tell({ type: 'commit' }));
  const servers = [
    await serve(pglite, serverSocket, serverGuard, { maxConnections: SERVER_CONNECTIONS }),
    await serve(pglite, commandSocket, commandGuard, { maxConnections: COMMAND_CONNECTIONS, idleTimeout: COMMAND_IDLE_TIMEOUT_MS }),
  ];
  port.on('message', (request: EmbeddedWorkerRequest) => {
    if (request.type !== 'close') return;
    void (async () => {
      for (const server of servers) await server.stop();
      await pglite.close();
      port.close();
    })();
  });
  tell({ type: 'ready' });
}

main().catch((error: unknown) => {
  tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  port.close();
});
