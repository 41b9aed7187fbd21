import fs from 'node:fs';
import path from 'node:path';
import type { MissingF1Data } from '@slipstream/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { readSourceStatus } from '../source-status';
import { hasF1Data, importF1db } from './index';
import type { ReleaseSyncJob } from './release';

type Log = { info(message: string): void; info(details: object, message: string): void };

/** The F1DB tree at dir holds data: dir/data, or dir/src/data as in a checkout of F1DB. */
export function hasF1dbTree(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'data')) || fs.existsSync(path.join(dir, 'src', 'data'));
}

/**
 * The F1 data of a start on a database that has none (F1DB_AUTO_IMPORT): the F1DB tree at F1DB_DIR when there is
 * one, imported before the server listens; else F1DB's latest release, which the release sync downloads once the
 * server listens (the returned function says so, and starts it when the sync is not scheduled). Offline, the sync
 * logs why in one line, records it for GET /api/meta and tries again on its schedule; pages show it meanwhile.
 */
export async function loadF1DataAtStart(deps: { config: Config; db: Db; events: EventBus; release: ReleaseSyncJob; log: Log }): Promise<() => void> {
  const { config, db, events, release, log } = deps;
  const nothingToDo = () => undefined;
  if (!config.f1dbAutoImport || (await hasF1Data(db))) return nothingToDo;
  if (hasF1dbTree(config.f1dbDir)) {
    log.info(`No F1 data yet: importing F1DB from ${config.f1dbDir}`);
    log.info(await importF1db(db, { dir: config.f1dbDir, events }), 'F1DB import finished');
    return nothingToDo;
  }
  return () => {
    log.info(`No F1 data yet and no F1DB tree at ${config.f1dbDir}: downloading F1DB's latest release from ${config.f1dbReleasesUrl}`);
    // A scheduled sync checks at once by itself while there is no F1 data.
    if (!config.f1dbSync) void release.checkNow();
  };
}

/**
 * Why the database holds no F1 data yet and when the next try is, for GET /api/meta; undefined once it holds some.
 * The reason is the release sync's last failure, else what is under way.
 */
export async function missingF1Data(db: Db, config: Pick<Config, 'f1dbAutoImport' | 'f1dbSync'>): Promise<MissingF1Data | undefined> {
  if (await hasF1Data(db)) return undefined;
  const status = (await readSourceStatus(db)).get('f1db-release');
  const trying = config.f1dbAutoImport || config.f1dbSync;
  const reason = status?.lastError ?? (trying ? "F1DB's latest release is being downloaded" : 'no F1DB import has run (npm run import:f1db)');
  const nextTryAt = config.f1dbSync && status?.nextCheckAt ? status.nextCheckAt.toISOString() : null;
  return { reason, nextTryAt };
}
