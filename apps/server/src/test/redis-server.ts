import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { RedisLink } from '../lib/redis';

/** Whether a redis-server binary is on PATH (the Redis tests skip, saying so, without one). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A Redis suite's title, saying why it is skipped when there is no redis-server. */
export function withoutRedisSaid(title: string): string {
  return hasRedisServer ? title : `${title} (skipped: no redis-server on PATH)`;
}

/** A free TCP port on loopback, as the OS hands one out. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A redis-server of the test's own (no persistence), so a test can kill it and start it again on the same port
 * without touching the Redis other programs use.
 */
export class TestRedisServer {
  private process: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly settings: string[],
  ) {}

  /** settings: more redis-server arguments, e.g. ['--maxmemory', '3mb']. */
  static async start(settings: string[] = []): Promise<TestRedisServer> {
    const server = new TestRedisServer(await freePort(), settings);
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again) and resolves once it accepts connections. */
  async restart(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...this.settings], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
  }

  /** SIGKILL: the way a crash or a lost host looks to the clients. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** A link to the Redis at url that logs nothing, once both its connections are ready. */
export async function quietRedisLink(url: string): Promise<RedisLink> {
  const link = new RedisLink(url);
  link.useLogger({ warn: () => undefined, info: () => undefined });
  await link.ready();
  return link;
}
