import type { PGlite } from '@electric-sql/pglite';

/** Frontend messages after which PostgreSQL answers ReadyForQuery: a simple query, Sync, a function call, Terminate. */
const TURN_ENDING_MESSAGES = new Set(['Q', 'S', 'F', 'X'].map((letter) => letter.charCodeAt(0)));

/**
 * PGlite is one PostgreSQL session, which the embedded database's worker (db/embedded-worker.ts) serves to several
 * connections: the server's pool and the local commands. The socket server runs their messages one by one, which
 * would let one connection's statement land inside another's open transaction (and mix their unnamed prepared
 * statements). The guard makes each connection's turn exclusive: from its first message until the session is idle
 * again (ReadyForQuery outside a transaction block) it holds PGlite's transaction lock, which the turns of every
 * other guard on the same PGlite take too; the socket server keeps serving the connection whose turn is open (it
 * takes the guard for a transaction). onTurnEnd is told after each turn; onRun with each message as it starts to run,
 * and with undefined once it has run: what the worker's watchdog times.
 */
export function sessionGuard(pglite: PGlite, onTurnEnd: () => void, onRun?: (message: Uint8Array | undefined) => void) {
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
        onRun?.(undefined);
        // A startup message has no type letter: its first byte is the high byte of its length, 0.
        const turnEnded = lastMessage === 0 || TURN_ENDING_MESSAGES.has(lastMessage);
        if (turnEnded && !pglite.isInTransaction()) endTurn();
      }
    },
    execProtocolRawStream(message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) {
      lastMessage = message[0] ?? 0;
      onRun?.(message);
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
