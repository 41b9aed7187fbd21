import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type SiteServer = { url: string; stop(): Promise<void> };

/** The environment every extra site a spec starts shares with the suite's own: test hooks, no news, loopback proxy. */
const TEST_SITE_ENV = {
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  SLIPSTREAM_TEST_HOOKS: 'true',
  TRUST_PROXY: 'loopback',
  NEWS_FEEDS: '[]',
  NEWS_REFRESH: 'false',
};

export type SiteServerOptions = {
  root: string;
  port: number;
  env: Record<string, string>;
  /** Where its log goes (kept with the test's results). */
  logFile: string;
  timeoutMs: number;
};

/**
 * Starts another instance of the built site (apps/server/dist, which the suite's own server built at its start)
 * with the given environment on its own port and DATA_DIR, and waits until it answers /api/health: its first
 * start imports F1DB_DIR's tree, so this takes a while.
 */
export async function startSiteServer({ root, port, env, logFile, timeoutMs }: SiteServerOptions): Promise<SiteServer> {
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, ...TEST_SITE_ENV, PORT: String(port), PUBLIC_URL: url, ...env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const errors = () => fs.readFileSync(logFile, 'utf8').slice(-4000);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const server = { url, stop: () => stopProcess(child, exited) };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = await Promise.race([exited, new Promise<undefined>((resolve) => setTimeout(resolve, 500))]);
    if (code !== undefined) throw new Error(`The site on port ${port} stopped (exit ${code}):\n${errors()}`);
    if (await answers(`${url}/api/health`)) return server;
  }
  await server.stop();
  throw new Error(`The site on port ${port} did not answer within ${timeoutMs} ms:\n${errors()}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000))]);
  if (!stopped) child.kill('SIGKILL');
}
