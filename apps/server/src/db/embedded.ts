import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, postgresDatabase, withUntimed, type Database } from './client';
import { commitSignal } from './commits';
import { superviseEmbeddedWorker } from './embedded-supervisor';

/**
 * The embedded database (PGlite under DATA_DIR) is opened by one process at a time: two PGlite instances on the
 * same folder corrupt it. DATA_DIR/pglite.lock names the process that holds the folder. The server opens it in a
 * worker thread (db/embedded-worker.ts) that serves it over unix sockets speaking the PostgreSQL protocol
 * (@electric-sql/pglite-socket): one for the server's own pool, one for the local commands (admin:grant,
 * import:f1db, news:refresh). A command opens the folder itself only when nobody holds it, and otherwise refuses
 * with a message saying who does. A lock left by a process that died is taken over.
 */

export const LOCK_FILE = 'pglite.lock';
/** node-postgres finds a local server's socket as {folder}/.s.PGSQL.{port}, as libpq does. */
const socketName = (port: number) => `.s.PGSQL.${port}`;
/** The commands' socket, and the server's own (whose statements are timed). */
const COMMAND_SOCKET_PORT = 5432;
const SERVER_SOCKET_PORT = 5433;
/** DATABASE_STATEMENT_TIMEOUT_MS's default (config.ts). */
const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;
/** A unix socket path is at most 107 bytes on Linux. */
const MAX_SOCKET_PATH = 100;
/** How long a command waits for a server that holds the folder but does not answer yet (starting up). */
const SERVER_ANSWER_WAIT_MS = 15_000;

export type Holder = {
  pid: number;
  /** When the process started, as the kernel counts it (/proc), so a reused process id is not taken for the holder. */
  processStart?: string;
  role: 'server' | 'command';
  name: string;
  socketFolder?: string;
  since: string;
};

export class EmbeddedDatabaseBusy extends Error {}

const embedded = (config: { databaseUrl?: string }) => config.databaseUrl === undefined;

/** The start time of a process in clock ticks since boot (field 22 of /proc/PID/stat); undefined off Linux. */
function processStart(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the holder's process still runs: its id answers signal 0, and it is the same process (same start). */
function isAlive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStart(holder.pid);
  return holder.processStart === undefined || started === undefined || started === holder.processStart;
}

/** This process, as a lock holder. */
function me(role: Holder['role'], name: string, socketFolder?: string): Holder {
  return { pid: process.pid, processStart: processStart(process.pid), role, name, socketFolder, since: new Date().toISOString() };
}

function readHolder(lockPath: string): Holder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && (holder.role === 'server' || holder.role === 'command') ? (holder as Holder) : undefined;
  } catch {
    return undefined;
  }
}

type Lock = { release(): void };

/**
 * Takes DATA_DIR's lock for this process, or answers who holds it. A lock whose process is gone (a crash, a kill)
 * is removed and taken; so is one that cannot be read (a crash between creating and writing it).
 */
export function takeLock(dataDir: string, holder: Holder): Lock | { heldBy: Holder } {
  const lockPath = path.join(dataDir, LOCK_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(holder), { flag: 'wx', mode: 0o600 });
      return {
        release: () => {
          if (readHolder(lockPath)?.pid === holder.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readHolder(lockPath);
    if (current && isAlive(current)) return { heldBy: current };
    // Stale: compare once more right before removing, so a lock just taken by another process is not removed.
    if (JSON.stringify(readHolder(lockPath)) === JSON.stringify(current)) fs.rmSync(lockPath, { force: true });
  }
  const current = readHolder(lockPath);
  if (current) return { heldBy: current };
  throw new Error(`Cannot take ${lockPath}`);
}

/** Where the server puts its socket: in DATA_DIR, or a private folder under /tmp when DATA_DIR's path is too long. */
function socketFolderFor(dataDir: string): string {
  if (path.join(dataDir, socketName(SERVER_SOCKET_PORT)).length <= MAX_SOCKET_PATH) return dataDir;
  const folder = path.join(os.tmpdir(), `slipstream-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

const socketTarget = (socketFolder: string, port: number) => ({ host: socketFolder, port, user: 'postgres', database: 'postgres' });

function describeHolder(holder: Holder, dataDir: string): string {
  const what = holder.role === 'server' ? 'the Slipstream server' : `\`npm run ${holder.name}\``;
  return `${what} (process ${holder.pid}, since ${holder.since}) holds the embedded database in ${dataDir}`;
}

/**
 * The server's database. With the embedded database it takes DATA_DIR's lock (refusing to start while a command
 * holds it) and runs PGlite in a worker thread (db/embedded-supervisor.ts) that serves it over sockets to this
 * server's pool and to local commands until closed. databaseStatementTimeoutMs bounds the server's statements on
 * PostgreSQL and on the embedded database (an in-memory PGlite, memory://, runs in this thread and is not bounded).
 */
export async function openServerDatabase(config: { databaseUrl?: string; dataDir: string; databaseStatementTimeoutMs?: number }): Promise<Database> {
  const { dataDir, databaseStatementTimeoutMs: statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS } = config;
  if (!embedded(config)) return openDatabase({ ...config, statementTimeoutMs });
  fs.mkdirSync(dataDir, { recursive: true });
  const socketFolder = socketFolderFor(dataDir);
  const lock = takeLock(dataDir, me('server', 'serve', socketFolder));
  if ('heldBy' in lock) {
    throw new EmbeddedDatabaseBusy(`Cannot start: ${describeHolder(lock.heldBy, dataDir)}. Start the server again once it has finished.`);
  }
  const commits = commitSignal();
  try {
    const worker = await superviseEmbeddedWorker({
      dataDir,
      serverSocket: path.join(socketFolder, socketName(SERVER_SOCKET_PORT)),
      commandSocket: path.join(socketFolder, socketName(COMMAND_SOCKET_PORT)),
      statementTimeoutMs,
      onCommit: () => commits.announce(),
    });
    const database = await postgresDatabase(socketTarget(socketFolder, SERVER_SOCKET_PORT), `PGlite (${dataDir})`, {
      // Every statement runs in turn on PGlite's one session: more connections would only wait in the worker.
      max: 4,
      onConnect: (client) => worker.watch(client),
    });
    // What a command writes (announced by the worker) moves the data revision as the server's own writes do.
    commits.subscribe(() => database.commits.announce());
    // The commands' socket is not timed: the server's own imports and migrations go through it too.
    const untimed = await postgresDatabase(socketTarget(socketFolder, COMMAND_SOCKET_PORT), `PGlite (${dataDir})`, { max: 2 });
    const both = withUntimed(database, untimed);
    return {
      ...both,
      kind: 'pglite',
      // Up while its worker has the database open: a query would wait behind the statement running, which the
      // timeout bounds, and say nothing more.
      async ping() {
        if (!worker.open()) throw new Error('The embedded database is being opened again');
      },
      async close() {
        await both.close();
        await worker.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * A command's database (admin:grant, import:f1db, news:refresh). With the embedded database: through the running
 * server's socket when a server holds DATA_DIR, else opened here under DATA_DIR's lock; refused while another
 * command holds it.
 */
export async function openCommandDatabase(config: { databaseUrl?: string; dataDir: string }, name: string): Promise<Database> {
  if (!embedded(config)) return openDatabase(config);
  const { dataDir } = config;
  const deadline = Date.now() + SERVER_ANSWER_WAIT_MS;
  for (;;) {
    const lock = takeLock(dataDir, me('command', name));
    if (!('heldBy' in lock)) return openHere(config, lock);
    const holder = lock.heldBy;
    if (holder.role === 'command') {
      throw new EmbeddedDatabaseBusy(`${describeHolder(holder, dataDir)}. Run this again once it has finished.`);
    }
    if (holder.socketFolder) {
      const database = await throughServer(holder.socketFolder, dataDir).catch(() => undefined);
      if (database) return database;
    }
    if (Date.now() > deadline) {
      throw new EmbeddedDatabaseBusy(
        `${describeHolder(holder, dataDir)} but does not answer on its socket. Stop that process (or delete ${path.join(dataDir, LOCK_FILE)} if it is not Slipstream), then run this again.`,
      );
    }
    // The server is starting (it takes the lock before its socket listens).
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function openHere(config: { databaseUrl?: string; dataDir: string }, lock: Lock): Promise<Database> {
  try {
    const database = await openDatabase(config);
    return {
      ...database,
      async close() {
        await database.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function throughServer(socketFolder: string, dataDir: string): Promise<Database> {
  const database = await postgresDatabase(socketTarget(socketFolder, COMMAND_SOCKET_PORT), `PGlite (${dataDir}, through the running server)`);
  try {
    await database.db.execute('select 1');
    return { ...database, kind: 'pglite' };
  } catch (error) {
    await database.close();
    throw error;
  }
}
