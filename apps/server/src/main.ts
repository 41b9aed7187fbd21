import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { EmbeddedDatabaseBusy, openServerDatabase } from './db/embedded';
import { F1dbImportError } from './ingest/f1db';
import { loadF1DataAtStart } from './ingest/f1db/first-start';
import { clockFromConfig } from './lib/clock';
import { inProcessEventBus, sharedEventBus } from './lib/events';
import { closeDataDir, keepDataDirPrivate, openFoldersWarning } from './lib/private-files';
import { RedisLink } from './lib/redis';
import { withSessionSecret } from './modules/auth/session-secret';
import { keepDisplayNameSkeletons } from './modules/auth/display-names';

async function main() {
  const loaded = loadConfig();
  keepDataDirPrivate(loaded.dataDir);
  const config = await withSessionSecret(loaded);
  const database = await openServerDatabase(config);
  await database.migrate();
  await keepDisplayNameSkeletons(database.untimed);
  const clock = clockFromConfig(config);
  const redis = config.redisUrl ? new RedisLink(config.redisUrl) : undefined;
  // Start shared when Redis is there; when it is not, the server starts all the same on its fallbacks.
  await redis?.ready().catch(() => undefined);
  const events = redis ? sharedEventBus(redis) : inProcessEventBus();
  const app = await buildApp({ config, database, clock, events, redis });
  const openFolders = closeDataDir(config.dataDir);
  if (openFolders.length > 0) app.log.warn({ folders: openFolders }, openFoldersWarning(openFolders));

  // Untimed (Database.untimed): an import runs long statements on purpose.
  const afterListening = await loadF1DataAtStart({ config, db: database.untimed, events, release: app.freshness.release.job, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // Answers in flight finish; new requests get 503 meanwhile, and /api/ready says so to the load balancer.
    await app.close();
    await database.close();
    await redis?.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  afterListening();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusy || error instanceof F1dbImportError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
