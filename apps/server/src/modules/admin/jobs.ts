import crypto from 'node:crypto';
import { desc, ne } from 'drizzle-orm';
import type { AdminJob, ReimportResult } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { dataImports, LIVE_TIMING_IMPORT } from '../../db/schema';
import { importF1db, type ImportProgress } from '../../ingest/f1db';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { AuthenticatedUser } from '../auth/guard';
import { recordAudit } from './audit';

/** Finished jobs kept for the pages that poll them. */
const KEPT_JOBS = 20;

export type ReimportJobs = {
  /** Starts a re-import in the background and returns its job at once; 409 while another one runs. */
  start(actor: Pick<AuthenticatedUser, 'id' | 'email'>): AdminJob;
  get(id: string): AdminJob | undefined;
  /** Resolves when no job is running (server shutdown waits for it, so the database outlives the import). */
  idle(): Promise<void>;
};

/**
 * The F1DB re-import as an in-process job: one at a time, its progress and result kept in memory (one server
 * instance; a restart forgets finished jobs, data_imports and the audit log keep what they did). The import and
 * its audit entry share the import's transaction.
 */
export function reimportJobs(deps: { db: Db; dir: () => string; clock: Clock; events: EventBus }): ReimportJobs {
  const jobs = new Map<string, AdminJob>();
  let running: { job: AdminJob; done: Promise<void> } | undefined;

  const run = async (job: AdminJob, actor: Pick<AuthenticatedUser, 'id' | 'email'>) => {
    try {
      const previous = await lastImportVersion(deps.db);
      const summary = await importF1db(deps.db, {
        dir: deps.dir(),
        events: deps.events,
        onProgress: (progress) => Object.assign(job, describeProgress(progress)),
        withinTransaction: (tx, result) =>
          recordAudit(tx, {
            actor,
            at: deps.clock.now(),
            action: 'data.reimport',
            target: { type: 'data', id: 'f1db' },
            before: previous,
            after: { version: result.version, dataDate: result.dataDate, changedRows: result.changedRows, changes: result.changes },
          }),
      });
      const result: ReimportResult = {
        version: summary.version,
        dataDate: summary.dataDate,
        changedRows: summary.changedRows,
        changes: summary.changes,
        durationMs: summary.durationMs,
      };
      Object.assign(job, { status: 'succeeded', progress: 'Done', fraction: 1, result });
    } catch (error) {
      Object.assign(job, { status: 'failed', progress: 'Failed', error: error instanceof Error ? error.message : String(error) });
    } finally {
      job.finishedAt = new Date().toISOString();
      running = undefined;
    }
  };

  return {
    start(actor) {
      if (running) throw new HttpError(409, `A re-import is already running (started ${running.job.startedAt}); wait for it to finish`);
      const job: AdminJob = {
        id: crypto.randomUUID(),
        kind: 'data.reimport',
        status: 'running',
        startedAt: new Date().toISOString(),
        finishedAt: null,
        progress: 'Starting',
        fraction: 0,
        result: null,
        error: null,
      };
      jobs.set(job.id, job);
      for (const id of jobs.keys()) if (jobs.size > KEPT_JOBS && id !== job.id) jobs.delete(id);
      running = { job, done: run(job, actor) };
      return { ...job };
    },
    get(id) {
      const job = jobs.get(id);
      return job && { ...job };
    },
    async idle() {
      await running?.done;
    },
  };
}

function describeProgress({ step, done, total }: ImportProgress): Pick<AdminJob, 'progress' | 'fraction'> {
  return { progress: `${step} (step ${done + 1} of ${total})`, fraction: done / total };
}

async function lastImportVersion(db: Db): Promise<{ version: string; dataDate: string } | null> {
  const [row] = await db.select().from(dataImports).where(ne(dataImports.source, LIVE_TIMING_IMPORT)).orderBy(desc(dataImports.id)).limit(1);
  return row ? { version: row.version, dataDate: row.dataDate.toISOString().slice(0, 10) } : null;
}
