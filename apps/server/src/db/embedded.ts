import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, postgresDatabase, type Database } from './client';

/**
 * The embedded database (PGlite under DATA_DIR) is opened by one process at a time: two PGlite instances on the
 * same folder corrupt it. DATA_DIR/pglite.lock names the process that holds the folder. The server shares it with
 * the local commands (admin:grant, import:f1db, news:refresh) over a unix socket speaking the PostgreSQL protocol
 * (@electric-sql/pglite-socket); a command opens the folder itself only when nobody holds it, and otherwise refuses
 * with a message saying who does. A lock left by a process that died is taken over.
 */

export const LOCK_FILE = 'pglite.lock';
/** node-postgres finds a local server's socket as {folder}/.s.PGSQL.{port}, as libpq does. */
const SOCKET_PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`;
/** A unix socket path is at most 107 bytes on Linux. */
const MAX_SOCKET_PATH = 100;
/** How long a command waits for a server that holds the folder but does not answer yet (starting up). */
const SERVER_ANSWER_WAIT_MS = 15_000;
/** A connected command that sends nothing this long is dropped, so a stuck one cannot keep the database. */
const COMMAND_IDLE_TIMEOUT_MS = 60_000;

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
export function processStart(pid: number): string | undefined {
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
  if (path.join(dataDir, SOCKET_NAME).length <= MAX_SOCKET_PATH) return dataDir;
  const folder = path.join(os.tmpdir(), `slipstream-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

function describeHolder(holder: Holder, dataDir: string): string {
  const what = holder.role === 'server' ? 'the Slipstream server' : `\`npm run ${holder.name}\``;
  return `${what} (process ${holder.pid}, since ${holder.since}) holds the embedded database in ${dataDir}`;
}

/**
 * The server's database. With the embedded database it takes DATA_DIR's lock (refusing to start while a command
 * holds it) and serves the database on a socket to local commands until closed.
 */
export async function openServerDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (!embedded(config)) return openDatabase(config);
  const { dataDir } = config;
  const socketFolder = socketFolderFor(dataDir);
  const lock = takeLock(dataDir, me('server', 'serve', socketFolder));
  if ('heldBy' in lock) {
    throw new EmbeddedDatabaseBusy(`Cannot start: ${describeHolder(lock.heldBy, dataDir)}. Start the server again once it has finished.`);
  }
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    lock.release();
    throw error;
  }
  const sharing = await shareWithCommands(database, socketFolder).catch((error: unknown) => {
    lock.release();
    throw error;
  });
  return {
    ...database,
    async close() {
      await sharing.stop();
      await database.close();
      lock.release();
    },
  };
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
  const database = await postgresDatabase(
    { host: socketFolder, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    `PGlite (${dataDir}, through the running server)`,
  );
  try {
    await database.db.execute('select 1');
    return { ...database, kind: 'pglite' };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Serves the PGlite database of this process on {socketFolder}/.s.PGSQL.5432 to local commands (the socket file is
 * the owner's only). See sessionGuard for how their statements and the server's own are kept apart.
 */
async function shareWithCommands(database: Database, socketFolder: string): Promise<{ stop(): Promise<void> }> {
  const { pglite } = database;
  if (!pglite) throw new Error('Only an embedded database is shared with commands');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const socketPath = path.join(socketFolder, SOCKET_NAME);
  fs.rmSync(socketPath, { force: true });
  const guard = sessionGuard(pglite, () => database.commits.announce());
  const server = new PGLiteSocketServer({ db: guard.db as unknown as PGlite, path: socketPath, maxConnections: 8, idleTimeout: COMMAND_IDLE_TIMEOUT_MS });
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

/** Frontend messages after which PostgreSQL answers ReadyForQuery: a simple query, Sync, a function call, Terminate. */
const TURN_ENDING_MESSAGES = new Set(['Q', 'S', 'F', 'X'].map((letter) => letter.charCodeAt(0)));

/**
 * PGlite is one PostgreSQL session. The socket server runs the commands' messages between the server's own
 * statements, which would let a command's statement land inside the server's open transaction or the server's
 * inside a command's (and mix their unnamed prepared statements). The guard makes each command's turn exclusive:
 * from its first message until the session is idle again (ReadyForQuery outside a transaction block) it holds
 * PGlite's transaction lock, which every query and transaction of the server takes too. After each turn the
 * command's turn is announced as a commit (db/commits.ts), so its change shows at once.
 */
export function sessionGuard(pglite: PGlite, onTurnEnd: () => void) {
  let release: (() => void) | undefined;
  let lastMessage = 0;
  const holdSession = () =>
    new Promise<() => void>((held) => {
      void pglite._runExclusiveTransaction(() => new Promise<void>((done) => held(done)));
    });
  const endTurn = () => {
    const done = release;
    release = undefined;
    done?.();
    onTurnEnd();
  };
  // Only what PGLiteSocketServer uses of its database.
  const db = {
    waitReady: pglite.waitReady,
    /** The socket server keeps serving the same connection while this is true, and rolls back when it leaves. */
    isInTransaction: () => release !== undefined,
    async runExclusive<T>(run: () => Promise<T>): Promise<T> {
      release ??= await holdSession();
      try {
        return await pglite.runExclusive(run);
      } finally {
        // A startup message has no type letter: its first byte is the high byte of its length, 0.
        const turnEnded = lastMessage === 0 || TURN_ENDING_MESSAGES.has(lastMessage);
        if (turnEnded && !pglite.isInTransaction()) endTurn();
      }
    },
    execProtocolRawStream(message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) {
      lastMessage = message[0] ?? 0;
      return pglite.execProtocolRawStream(message, options);
    },
    /** Called with ROLLBACK for a connection that went away in the middle of its turn. */
    exec: () => abandon(),
  };
  async function abandon(): Promise<void> {
    if (!release) return;
    try {
      // Sync first: after an error in an extended-protocol sequence PostgreSQL ignores everything up to a Sync.
      await pglite.runExclusive(async () => {
        await pglite.execProtocolRaw(SYNC_MESSAGE);
        await pglite.execProtocolRaw(simpleQuery('ROLLBACK'));
      });
    } finally {
      endTurn();
    }
  }
  return { db, abandon };
}

const SYNC_MESSAGE = Uint8Array.of('S'.charCodeAt(0), 0, 0, 0, 4);

/** A simple-protocol Query message. */
function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0, 'ascii');
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}
