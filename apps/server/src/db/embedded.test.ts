import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { EmbeddedDatabaseBusy, LOCK_FILE, openCommandDatabase, openServerDatabase, takeLock, type Holder } from './embedded';
import { sessionGuard } from './session-guard';
import type { Database } from './client';

const dataDirs: string[] = [];
function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-embedded-'));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A process id that belonged to a process which has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

const holder = (pid: number, role: Holder['role'], name = 'serve'): Holder => ({ pid, role, name, since: '2026-11-25T12:00:00.000Z' });
const unlessRollback = (error: unknown) => {
  if (!(error instanceof Error && error.message === 'Rollback')) throw error;
};
const count = async (database: Database, table: string) =>
  Number(((await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('the lock on DATA_DIR', () => {
  it('is held by one process; a lock whose process has died is taken over', async () => {
    const dataDir = newDataDir();
    const first = takeLock(dataDir, holder(process.pid, 'server'));
    expect('release' in first).toBe(true);
    // The same folder asked for again while held (here by this very process, as another would see it).
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify(holder(process.ppid, 'command', 'import:f1db')));
    expect(takeLock(dataDir, holder(process.pid, 'command'))).toEqual({ heldBy: holder(process.ppid, 'command', 'import:f1db') });

    fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify(holder(await deadPid(), 'server')));
    const taken = takeLock(dataDir, holder(process.pid, 'command', 'admin:grant'));
    expect('release' in taken).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, name: 'admin:grant' });

    fs.writeFileSync(path.join(dataDir, LOCK_FILE), '{"pid":');
    expect('release' in takeLock(dataDir, holder(process.pid, 'command'))).toBe(true);
  });

  it('makes a command refuse, saying who holds it, while another command holds the folder', async () => {
    const dataDir = newDataDir();
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify(holder(process.ppid, 'command', 'import:f1db')));
    const refused = openCommandDatabase({ dataDir }, 'admin:grant');
    await expect(refused).rejects.toBeInstanceOf(EmbeddedDatabaseBusy);
    await expect(refused).rejects.toThrow(`\`npm run import:f1db\` (process ${process.ppid}`);
  });

  it('makes the server refuse to start while a command holds the folder', async () => {
    const dataDir = newDataDir();
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify(holder(process.ppid, 'command', 'news:refresh')));
    await expect(openServerDatabase({ dataDir })).rejects.toThrow(/^Cannot start: `npm run news:refresh` \(process \d+/);
  });
});

describe('a command while the server holds the embedded database', () => {
  let dataDir: string;
  let server: Database;
  let command: Database;

  beforeAll(async () => {
    dataDir = newDataDir();
    server = await openServerDatabase({ dataDir });
    await server.migrate();
    await server.db.execute(sql`create table probe (id int)`);
    command = await openCommandDatabase({ dataDir }, 'admin:grant');
  });
  afterEach(async () => {
    await server.db.execute(sql`delete from probe`);
  });
  afterAll(async () => {
    await command?.close();
    await server?.close();
  });

  it('goes through the server: both see one database, and the folder is opened once', async () => {
    expect(command.description).toBe(`PGlite (${dataDir}, through the running server)`);
    await command.db.execute(sql`insert into probe values (1)`);
    expect(await count(server, 'probe')).toBe(1);
    await server.db.execute(sql`insert into probe values (2)`);
    expect(await count(command, 'probe')).toBe(2);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, role: 'server' });
  });

  it("keeps the command's open transaction and the server's statements apart", async () => {
    // One PostgreSQL session serves both: unguarded, the server's count would run inside the command's transaction
    // (the command's next message is still on its way through the socket) and see its uncommitted row.
    let seenByServer: Promise<number> | undefined;
    await command.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (3)`);
        seenByServer = count(server, 'probe');
        await tx.execute(sql`insert into probe values (4)`);
        tx.rollback();
      })
      .catch(unlessRollback);
    await expect(seenByServer).resolves.toBe(0);
  });

  it('rolls back the turn of a command that goes away in the middle of a transaction', async () => {
    const leaving = await openCommandDatabase({ dataDir }, 'import:f1db');
    await leaving.db.execute(sql`begin`);
    await leaving.db.execute(sql`insert into probe values (7)`);
    await leaving.close();
    expect(await count(server, 'probe')).toBe(0);
  });
});

/** Runs one frontend message as the socket server does, and answers what PostgreSQL sent back. */
async function socketTurn(guard: ReturnType<typeof sessionGuard>, message: Uint8Array): Promise<string> {
  const chunks: Uint8Array[] = [];
  await guard.db.runExclusive(() => guard.db.execProtocolRawStream(message, { onRawData: (bytes) => chunks.push(bytes) }));
  return Buffer.concat(chunks).toString('latin1');
}

/** The first value of the first DataRow in a backend answer. */
function firstValue(answer: string): string {
  const row = answer.indexOf('D');
  const length = Buffer.from(answer.slice(row + 7, row + 11), 'latin1').readInt32BE(0);
  return answer.slice(row + 11, row + 11 + length);
}

const query = (text: string) => {
  const body = Buffer.from(`${text}\0`);
  const header = Buffer.alloc(5);
  header.write('Q');
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
};

/** Lets whatever is ready run: turns of the event loop, no waiting on time. */
const yieldTurns = async () => {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('the session guard', () => {
  let pglite: PGlite;
  let guard: ReturnType<typeof sessionGuard>;
  let turnsEnded = 0;
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.exec('create table probe (id int)');
    guard = sessionGuard(pglite, () => (turnsEnded += 1));
  });
  afterAll(() => pglite.close());

  it("makes the server's statements wait while a command's transaction is open", async () => {
    await socketTurn(guard, query('begin; insert into probe values (1)'));
    const serverCount = pglite.query<{ n: number }>('select count(*)::int as n from probe');
    await yieldTurns();
    await socketTurn(guard, query('rollback'));
    expect((await serverCount).rows[0]!.n).toBe(0);
  });

  it("makes a command's turn wait while the server's transaction is open", async () => {
    let commandCount: Promise<string> | undefined;
    await pglite.transaction(async (tx) => {
      await tx.query('insert into probe values (2)');
      commandCount = socketTurn(guard, query('select count(*) from probe'));
      await yieldTurns();
      await tx.rollback();
    });
    expect(firstValue(await commandCount!)).toBe('0');
  });

  it('ends a turn when the session is idle again, and gives the session back when a command leaves mid-turn', async () => {
    const before = turnsEnded;
    await socketTurn(guard, query('select 1'));
    expect(turnsEnded).toBe(before + 1);
    expect(guard.db.isInTransaction()).toBe(false);
    await socketTurn(guard, query('begin'));
    expect(guard.db.isInTransaction()).toBe(true);
    await guard.abandon();
    expect(guard.db.isInTransaction()).toBe(false);
    expect(pglite.isInTransaction()).toBe(false);
    expect((await pglite.query<{ n: number }>('select count(*)::int as n from probe')).rows[0]!.n).toBe(0);
  });
});

describe('a command while no server runs', () => {
  it('opens the folder itself under the lock, and lets it go when done', async () => {
    const dataDir = newDataDir();
    const command = await openCommandDatabase({ dataDir }, 'admin:grant');
    expect(command.description).toBe(`PGlite (${dataDir})`);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, role: 'command', name: 'admin:grant' });
    await expect(openServerDatabase({ dataDir })).rejects.toBeInstanceOf(EmbeddedDatabaseBusy);
    await command.close();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
