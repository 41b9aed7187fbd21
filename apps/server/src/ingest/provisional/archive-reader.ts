import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ReadClassification } from './job';

/** The live-timing archive as the job reads it: the reader, where it reads from, and whether it runs on its own. */
export type LiveTimingSource = { read: ReadClassification; url: string; scheduled: boolean };

/**
 * The live-timing job's reader of F1's archive, from the settings (LIVETIMING_URL; LIVETIMING_SYNC=false leaves the
 * job to the admin's "Check now"). The archive reader itself lives in ingest/livetiming; this is the one place that
 * joins it to the job: findArchiveSession for the meeting's session (year, race and session days, kind, grand prix
 * name), the round's entrants (loadArchiveEntrants), then readArchiveClassification. Until that reader is wired in
 * here there is none: the job does not run and the admin dashboard says so.
 */
export function liveTimingSource(_deps: { config: Config; db: Db }): LiveTimingSource | undefined {
  return undefined;
}
