import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../lib/events';
import type { JobLock } from '../../lib/job-lock';
import { createReleaseSyncJob, releaseWorkDir, type ReleaseSyncJob } from '../f1db/release';
import { liveTimingSource, type LiveTimingSource } from '../provisional/archive-reader';
import { createLiveTimingJob, type LiveTimingJob } from '../provisional/job';

/** The jobs that keep the F1 facts current, with where each reads and whether it runs on its own schedule. */
export type FreshnessJobs = {
  release: { job: ReleaseSyncJob; url: string; scheduled: boolean };
  liveTiming: { job: LiveTimingJob; url: string; scheduled: boolean };
  /** Starts the scheduled ones. */
  start(): void;
  /** Stops both and waits for a check under way. */
  stop(): Promise<void>;
};

export function freshnessJobs(
  deps: { config: Config; db: Db; clock: Clock; events: EventBus; liveTiming?: LiveTimingSource; jobLock?: JobLock; importDb?: Db },
  log: FastifyBaseLogger,
): FreshnessJobs {
  const { config, db, clock, events, jobLock: lock } = deps;
  const release = {
    job: createReleaseSyncJob({
      // The import's statements may run long on purpose: untimed (Database.untimed).
      db: deps.importDb ?? db,
      events,
      url: config.f1dbReleasesUrl,
      workDir: releaseWorkDir(config.dataDir),
      log,
      lock,
      onProgress: (step) => log.info(step),
    }),
    url: config.f1dbReleasesUrl,
    scheduled: config.f1dbSync,
  };
  const source = deps.liveTiming ?? liveTimingSource({ config, db });
  const { read, readDriverList, readTiming } = source;
  const job = createLiveTimingJob({ db, clock, events, log, read, readDriverList, readTiming, lock, pollMs: config.liveTimingPollMs });
  const liveTiming = { job, url: source.url, scheduled: source.scheduled };
  return {
    release,
    liveTiming,
    start() {
      if (release.scheduled) release.job.start();
      if (liveTiming.scheduled) liveTiming.job.start();
    },
    async stop() {
      await Promise.all([release.job.stop(), liveTiming.job.stop()]);
    },
  };
}
