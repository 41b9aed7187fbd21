import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverRoot, repoRoot } from '../paths';
import { TEST_PASSWORD } from '../test/accounts';
import { feedFixture, startFeedServer, type FeedServer } from '../test/feedServer';
import { freePort } from '../test/redis-server';
import { LOCK_FILE } from './embedded';

/**
 * The commands of the README (npm run admin:grant, import:f1db, news:refresh) against the embedded database
 * while the built server (dist/main.js, as npm run serve starts it) runs on the same DATA_DIR, and while it does
 * not: each change is seen by the running server at once and is still there after a restart.
 */

const run = promisify(execFile);
const tinyF1db = path.join(serverRoot, 'src/ingest/f1db/fixtures/tiny');
const email = 'grant-me@example.com';

describe('the commands beside a running server on the embedded database', () => {
  let dataDir: string;
  let feeds: FeedServer;
  let env: NodeJS.ProcessEnv;
  let baseUrl: string;
  let server: ChildProcess | undefined;

  const startServer = async () => {
    const child = spawn(process.execPath, [path.join(serverRoot, 'dist/main.js')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    server = child;
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${errors}`);
        expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
      },
      { timeout: 60_000, interval: 100 },
    );
  };
  const stopServer = async (signal: NodeJS.Signals) => {
    const child = server!;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    server = undefined;
    return exited;
  };
  /** A command as the README gives it, from the repository's root. */
  const command = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run('npm', ['run', '--silent', ...args], { cwd: repoRoot, env });
      return { code: 0, output: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  };
  const roleOf = async (address: string) => {
    const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: address, password: TEST_PASSWORD }),
    });
    return ((await response.json()) as { user: { role: string } }).user.role;
  };

  beforeAll(async () => {
    await run(process.execPath, [path.join(serverRoot, 'build.mjs')]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-commands-'));
    feeds = await startFeedServer();
    feeds.serve('/official.xml', { body: feedFixture('official.rss.xml') });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      F1DB_AUTO_IMPORT: 'false',
      NEWS_REFRESH: 'false',
      NEWS_FEEDS: JSON.stringify([{ source: 'formula1', url: feeds.url('/official.xml') }]),
      SLIPSTREAM_TEST_HOOKS: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    };
    await startServer();
    const created = await fetch(`${baseUrl}/api/test/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(created.status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    if (server) await stopServer('SIGKILL');
    await feeds?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('grants the admin role through the running server, which sees it at once; a second run says so', { timeout: 60_000 }, async () => {
    expect(await roleOf(email)).toBe('user');
    expect(await command('admin:grant', '--', email)).toEqual({ code: 0, output: `${email} is now an admin.\n` });
    expect(await roleOf(email)).toBe('admin');
    expect(await command('admin:grant', '--', email)).toEqual({ code: 0, output: `${email} was already an admin.\n` });
  });

  it('imports F1DB and reads the news feeds through the running server, which serves them at once', { timeout: 120_000 }, async () => {
    const imported = await command('import:f1db', '--', '--dir', tinyF1db);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toContain(`into PGlite (${dataDir}, through the running server)`);
    const meta = (await (await fetch(`${baseUrl}/api/meta`)).json()) as { dataVersion: string | null };
    expect(meta.dataVersion).not.toBeNull();

    const refreshed = await command('news:refresh');
    expect(refreshed.code, refreshed.output).toBe(0);
    expect(refreshed.output).toMatch(/^formula1 {2}\d+ new/);
    const news = (await (await fetch(`${baseUrl}/api/news/official`)).json()) as { items: unknown[] };
    expect(news.items.length).toBeGreaterThan(0);
  });

  it('keeps everything over a restart, and after a crash lets a command open the folder itself', { timeout: 120_000 }, async () => {
    expect(await stopServer('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    await startServer();
    expect(await roleOf(email)).toBe('admin');

    await stopServer('SIGKILL');
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
    expect(await command('admin:grant', '--', email)).toEqual({ code: 0, output: `${email} was already an admin.\n` });
    await startServer();
    expect(await roleOf(email)).toBe('admin');
  });
});
