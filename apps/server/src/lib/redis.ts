import { Redis, ReplyError } from 'ioredis';

/** What the link reports through: the app's logger once buildApp has one, the console before. */
export type LinkLogger = {
  warn(object: object, message: string): void;
  info(message: string): void;
};

const consoleLogger: LinkLogger = {
  warn: (object, message) => console.warn(message, object),
  info: (message) => console.info(message),
};

/** After a failed command, calls skip Redis this long before one tries it again (the breaker's half-open probe). */
const DEFAULT_COOLDOWN_MS = 5000;
/** A command slower than this counts as a failure: a hung Redis must not hang requests. */
const DEFAULT_COMMAND_TIMEOUT_MS = 500;

/** Thrown by RedisLink.required while Redis cannot answer: the caller refuses rather than guess. */
export class SharedStateUnavailable extends Error {
  constructor(cause?: unknown) {
    super('Redis cannot answer now', { cause });
  }
}

/**
 * The shared Redis of several instances, behind a circuit breaker. Callers of `attempt` pass the shared way and
 * the in-process fallback; while Redis is unreachable (not connected, or a command failed less than cooldownMs ago)
 * the fallback answers, so the site keeps working with per-instance cache and events. The limits use `required`
 * and refuse instead. ioredis reconnects
 * by itself; the first call after it is back uses Redis again. A warning is logged when Redis goes away and an
 * info line when it returns, once each, not per call.
 */
export class RedisLink {
  readonly client: Redis;
  /** Pub/sub needs a connection of its own. */
  readonly subscriber: Redis;
  private log: LinkLogger = consoleLogger;
  private brokenUntil = 0;
  private down = false;
  private closed = false;

  constructor(
    url: string,
    private readonly options: { cooldownMs?: number; commandTimeoutMs?: number; now?: () => number } = {},
  ) {
    const connection = {
      // Fail at once while disconnected instead of queueing: the fallback answers meanwhile.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
      lazyConnect: false,
    };
    this.client = new Redis(url, connection);
    // The subscriber must queue its SUBSCRIBE until connected, and waits for messages without a timeout.
    this.subscriber = new Redis(url, { ...connection, enableOfflineQueue: true, commandTimeout: undefined });
    for (const connectionOf of [this.client, this.subscriber]) {
      connectionOf.on('error', (error: Error) => this.markDown(error));
      connectionOf.on('close', () => this.markDown(new Error('connection closed')));
      connectionOf.on('ready', () => this.markUpIfBothReady());
    }
  }

  useLogger(log: LinkLogger): void {
    this.log = log;
  }

  /** Connected, both connections, and no command failed within the cooldown. */
  get available(): boolean {
    return this.client.status === 'ready' && this.subscriber.status === 'ready' && this.now() >= this.brokenUntil;
  }

  /** The shared way when Redis is available and answers; the fallback otherwise. */
  async attempt<T>(shared: (client: Redis) => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await this.required(shared);
    } catch (error) {
      if (error instanceof SharedStateUnavailable) return fallback();
      throw error;
    }
  }

  /**
   * The shared way, with no fallback: for what must not be answered from this process's own state (the limits,
   * whose empty in-process counters would let a locked account try again). Throws SharedStateUnavailable while
   * Redis is unavailable, or when it refuses the command (out of memory) or does not answer in time.
   */
  async required<T>(shared: (client: Redis) => Promise<T>): Promise<T> {
    if (!this.available) throw new SharedStateUnavailable();
    try {
      const value = await shared(this.client);
      if (this.down) this.markUp();
      return value;
    } catch (error) {
      this.noteFailure(error);
      throw new SharedStateUnavailable(error);
    }
  }

  /** Resolves once both connections are ready (or rejects after timeoutMs); for start-up and tests. */
  async ready(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(this.client.status === 'ready' && this.subscriber.status === 'ready')) {
      if (Date.now() > deadline) throw new Error('Redis did not become ready');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.client, this.subscriber].map((connection) => connection.quit().catch(() => connection.disconnect())));
  }

  /**
   * A refusal Redis answered (an error reply such as OOM under `noeviction`) says nothing of the connection, so it
   * does not open the breaker: the other callers keep using Redis. A timeout or a lost connection does.
   */
  private noteFailure(error: unknown): void {
    if (error instanceof ReplyError) return;
    this.brokenUntil = this.now() + (this.options.cooldownMs ?? DEFAULT_COOLDOWN_MS);
    this.markDown(error as Error);
  }

  private markDown(error: Error): void {
    if (this.down || this.closed) return;
    this.down = true;
    this.log.warn(
      { err: { message: error.message } },
      'Redis is unavailable: using the in-process cache and events, and refusing rate-limited requests, until it returns',
    );
  }

  private markUpIfBothReady(): void {
    if (this.down && this.client.status === 'ready' && this.subscriber.status === 'ready') this.markUp();
  }

  private markUp(): void {
    this.down = false;
    this.brokenUntil = 0;
    this.log.info('Redis is back: the cache, rate limits and events are shared again');
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
