import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ReadClassification } from './job';

/**
 * The live-timing job's reader of F1's archive, from the settings (LIVETIMING_URL; LIVETIMING_SYNC=false turns the
 * job off). The archive reader itself lives in ingest/livetiming; this is the one place that joins it to the job:
 * findArchiveSession for the meeting's session (year, race and session days, kind, grand prix name), the round's
 * entrants (loadArchiveEntrants), then readArchiveClassification. Until that reader is wired in here, there is no
 * reader: the job stays off and the admin dashboard says so.
 */
export function archiveClassificationReader(_deps: { config: Config; db: Db }): ReadClassification | undefined {
  return undefined;
}
