import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { users } from '../../db/schema';
import { signUpAndSignIn } from '../../test/accounts';
import { buildTestApp } from '../../test/app';
import { openTestDatabase } from '../../test/database';
import { grantAdmin } from './service';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

describe('granting the admin role', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(users).values({ email: 'toto@example.com' });
  });
  afterAll(() => database.close());

  it('makes a user an admin once and says so', async () => {
    expect(await grantAdmin(database.db, 'toto@example.com')).toBe('granted');
    expect(await grantAdmin(database.db, 'toto@example.com')).toBe('already-admin');
    expect(await grantAdmin(database.db, 'nobody@example.com')).toBe('no-such-user');
    const [user] = await database.db.select({ role: users.role }).from(users).where(eq(users.email, 'toto@example.com'));
    expect(user?.role).toBe('admin');
  });
});

describe('npm run admin:grant', () => {
  const run = promisify(execFile);
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-admin-'));
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await database.db.insert(users).values({ email: 'christian@example.com' });
    await database.close();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const grant = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    return run('npm', ['run', '--silent', 'admin:grant', '--', ...args], { cwd: repoRoot, env }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
    );
  };

  it('grants the role from the command line, and fails for an unknown address or none', async () => {
    expect(await grant('Christian@Example.com')).toEqual({ code: 0, output: 'christian@example.com is now an admin.\n' });
    const unknown = await grant('someone@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No account uses someone@example.com');
    expect((await grant()).code).toBe(2);

    const database = await openDatabase({ dataDir });
    const [user] = await database.db.select({ role: users.role }).from(users).where(eq(users.email, 'christian@example.com'));
    await database.close();
    expect(user?.role).toBe('admin');
  });
});

describe('POST /api/test/admin-grant (end-to-end test hook)', () => {
  it('exists only with SLIPSTREAM_TEST_HOOKS, and then grants the role at once', async () => {
    const plain = await buildTestApp();
    const hooked = await buildTestApp({ config: { testHooks: true } });
    try {
      const payload = { email: 'jenson@example.com' };
      expect((await plain.app.inject({ method: 'POST', url: '/api/test/admin-grant', payload })).statusCode).toBe(404);

      const user = await signUpAndSignIn(hooked.app, hooked.database, payload.email);
      expect((await hooked.app.inject({ url: '/api/check-admin', headers: user.auth })).statusCode).toBe(403);
      const grant = await hooked.app.inject({ method: 'POST', url: '/api/test/admin-grant', payload });
      expect(grant.json()).toEqual({ result: 'granted' });
      expect((await hooked.app.inject({ url: '/api/check-admin', headers: user.auth })).json()).toEqual({ isAdmin: true });
    } finally {
      await plain.close();
      await hooked.close();
    }
  });
});
