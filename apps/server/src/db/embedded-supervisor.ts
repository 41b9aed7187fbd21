import type { Worker } from 'node:worker_threads';
import type { PoolClient } from 'pg';
import { StatementTimeout } from '../lib/errors';
import { startWorkerScript } from '../lib/worker-script';
import type { EmbeddedWorkerData, EmbeddedWorkerMessage, EmbeddedWorkerRequest } from './embedded-worker';

/** How often the watchdog looks at the running statement: a statement is stopped at most this much late. */
const WATCHDOG_INTERVAL_MS = 100;
/** How long to wait before opening PGlite again after a worker failed to start. */
const RESTART_DELAY_MS = 1000;

export type EmbeddedSupervisor = {
  /** Marks the errors of a connection that an overrun cut as the statement timeout they stand for. */
  watch(client: PoolClient): void;
  /** Whether a worker has the database open (false while it is opened again). */
  open(): boolean;
  close(): Promise<void>;
};

/**
 * Runs the embedded database's worker and keeps it to the statement timeout: PGlite cannot cancel a statement
 * (it ignores statement_timeout), so when one of the server's statements runs longer, the worker is terminated
 * and a new one opens the folder again (PostgreSQL's crash recovery). Meanwhile queries fail fast (the socket
 * refuses connections), which the server answers 503. A worker that exits by itself is restarted the same way.
 */
export async function superviseEmbeddedWorker(options: Omit<EmbeddedWorkerData, 'running'> & { statementTimeoutMs: number; onCommit(): void }): Promise<EmbeddedSupervisor> {
  const { statementTimeoutMs, onCommit, ...data } = options;
  let worker: Worker | undefined;
  let ready = false;
  /**
   * When the server's running statement started (epoch ms), 0 when none runs: written by the worker, read here
   * in shared memory, so a main thread busy for a while never takes a statement that has ended for one that runs.
   */
  let running = new BigInt64Array(new SharedArrayBuffer(8));
  /** Counts the workers stopped for an overrun; a connection remembers the count it was opened under. */
  let overruns = 0;
  let closing = false;

  const start = () =>
    new Promise<void>((started, failed) => {
      running = new BigInt64Array(new SharedArrayBuffer(8));
      const current = startWorkerScript(import.meta.url, 'embedded-worker', { workerData: { ...data, running } satisfies EmbeddedWorkerData });
      worker = current;
      ready = false;
      current.on('message', (message: EmbeddedWorkerMessage) => {
        switch (message.type) {
          case 'ready':
            ready = true;
            started();
            // Closed while this worker was opening the folder again (after an overrun): it closes at once.
            if (closing) current.postMessage({ type: 'close' } satisfies EmbeddedWorkerRequest);
            break;
          case 'failed':
            failed(new Error(`The embedded database could not be opened: ${message.message}`));
            break;
          case 'commit':
            onCommit();
            break;
          case 'statement':
            lastSql = message.sql;
            break;
        }
      });
      current.on('error', failed);
      current.once('exit', (code) => {
        // One that had not opened the folder yet fails its start (which the caller retries); one that had is replaced.
        failed(new Error(`The embedded database's worker exited (code ${code}) before it was ready`));
        if (!closing && worker === current && ready) {
          ready = false;
          restart(`its worker exited (code ${code})`);
        }
      });
    });

  /** The SQL of the server's last statement, named when it runs over. */
  let lastSql: string | undefined;

  function checkOverrun() {
    const current = worker;
    const started = Number(Atomics.load(running, 0));
    if (!current || !ready || closing || started === 0 || Date.now() - started <= statementTimeoutMs) return;
    overruns += 1;
    worker = undefined;
    ready = false;
    console.warn(`The embedded database: a statement ran over ${statementTimeoutMs} ms (${lastSql ?? 'unknown'}); its worker is stopped and opened again`);
    void current.terminate().then(() => restart('a statement ran over the statement timeout'));
  }
  const watchdog = setInterval(checkOverrun, Math.min(WATCHDOG_INTERVAL_MS, statementTimeoutMs / 4));
  watchdog.unref();

  function restart(reason: string) {
    if (closing) return;
    start().catch((error: unknown) => {
      console.error(`The embedded database could not be opened again after ${reason}:`, error);
      setTimeout(() => restart(reason), RESTART_DELAY_MS);
    });
  }

  await start().catch((error: unknown) => {
    closing = true;
    clearInterval(watchdog);
    throw error;
  });
  return {
    watch(client) {
      const openedUnder = overruns;
      // node-postgres emits the error that fails every query of a connection that was cut before it hands it to
      // them: one cut by an overrun is a statement timeout.
      client.prependListener('error', (error: Error) => {
        if (overruns !== openedUnder && error.cause === undefined) error.cause = new StatementTimeout(statementTimeoutMs);
      });
    },
    open: () => ready,
    async close() {
      closing = true;
      clearInterval(watchdog);
      const current = worker;
      if (!current) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.postMessage({ type: 'close' } satisfies EmbeddedWorkerRequest);
      await exited;
    },
  };
}
