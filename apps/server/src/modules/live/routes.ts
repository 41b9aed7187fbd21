import type { FastifyPluginAsync } from 'fastify';
import { liveCentreResponse, liveEventsHeaders, liveFeedStatus, publishTestUpdateRequest } from '@slipstream/contract';
import { ENDPOINTS } from '@slipstream/contract/endpoints';
import { replayCatalogueQuery, replaySessionQuery } from '@slipstream/contract/live-timing';
import { rememberJson } from '../../lib/cache';
import { createArchiveClient } from '../../ingest/livetiming';
import type { FeedStatusBoard } from '../../ingest/livetiming/feed';
import type { LiveTower } from './timing/live-tower';
import { fromArchive, replayCatalogue, replayPreparer } from './timing/replay';
import type { AppDeps } from '../../deps';
import { parseInput } from '../../lib/validation';
import { CLOCK_TTL_SECONDS, answer, clockKey, f1Context, sendJson } from '../f1/context';
import { liveCentre } from './service';
import { REPLAY_SESSION_TTL_SECONDS, replayStore } from './timing/replay-store';
import { streamSlots } from '../../lib/stream-caps';
import { EVENT_STREAM_HEADERS, openEventStream } from './stream';
import { endpointRoute, readerRoute } from '../../lib/endpoints';

const REPLAY_CATALOGUE_TTL_SECONDS = 3600;
/** A fan waits for the list of a season's replays: an archive that has not answered by then is reported, not waited for. */
const REPLAY_CATALOGUE_WAIT_MS = 6000;

/**
 * The live session centre and its push channel. Browsers revalidate the centre on every fetch (no-cache, with
 * its ETag), so the refetch a pushed update triggers never gets a stale copy from their cache.
 */
export const liveRoutes: FastifyPluginAsync<AppDeps & { liveTower: LiveTower; feedStatus: FeedStatusBoard }> = async (app, deps) => {
  const { config, events, liveTower, feedStatus } = deps;
  const openStreams = new Set<() => void>();
  // Streams never end by themselves: close them first, or app.close() would wait for every open page.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  readerRoute(app, 'liveCentre', async () => {
    const ctx = f1Context(deps);
    const json = await answer(ctx, clockKey(ctx, 'live-centre'), CLOCK_TTL_SECONDS, liveCentreResponse, () => liveCentre(ctx));
    return { json, cacheControl: 'no-cache' };
  });

  const slots = streamSlots(config.liveStreams);
  // A stream never ends by itself, so HEAD gets the stream's headers alone rather than Fastify's HEAD from GET.
  endpointRoute(app, 'liveEvents', { exposeHeadRoute: false }, async (request, reply) => {
    const { 'last-event-id': lastEventId } = parseInput(liveEventsHeaders, request.headers);
    const release = slots.take(request.ip);
    try {
      await openEventStream(reply, { events, liveTiming: liveTower, lastEventId, heartbeatMs: config.liveHeartbeatMs, openStreams, onClose: release });
    } catch (error) {
      release();
      throw error;
    }
  });
  app.head(ENDPOINTS.liveEvents.path.slice(app.prefix.length), async (_request, reply) => reply.headers(EVENT_STREAM_HEADERS).send());

  // The tower changes several times a second: never stored by a browser or a proxy.
  endpointRoute(app, 'liveTiming', async (_request, reply) => reply.header('cache-control', 'no-store').send(liveTower.snapshot()));

  // Whether the feed is connected says whether the tower is live: asked fresh every time.
  endpointRoute(app, 'liveFeed', async (_request, reply) => reply.header('cache-control', 'no-store').send(liveFeedStatus.parse(await feedStatus.read())));

  const archive = createArchiveClient({ baseUrl: config.liveTimingUrl });
  const catalogueArchive = createArchiveClient({ baseUrl: config.liveTimingUrl, timeoutMs: REPLAY_CATALOGUE_WAIT_MS });
  endpointRoute(app, 'replayCatalogue', async (request, reply) => {
    const { season } = parseInput(replayCatalogueQuery, request.query);
    const now = deps.clock.now();
    const json = await rememberJson(deps.cache, `live-replays:${season}:${now.toISOString().slice(0, 13)}`, REPLAY_CATALOGUE_TTL_SECONDS, () =>
      fromArchive(() => replayCatalogue({ client: catalogueArchive, db: deps.database.db, now }, season)),
    );
    return sendJson(reply, json, `public, max-age=${REPLAY_CATALOGUE_TTL_SECONDS}`);
  });
  // A replay runs in the browser: the server sends a session's messages once (kept), the page merges and plays them.
  const replays = deps.replays ?? replayStore({ maxBytes: config.cacheBytes.replays, prepare: replayPreparer({ client: archive, db: deps.database.db, maxBytes: config.replayMaxBytes }) });
  endpointRoute(app, 'replaySession', async (request, reply) => {
    const { ref } = parseInput(replaySessionQuery, request.query);
    return sendJson(reply, await replays.json(ref), `public, max-age=${REPLAY_SESSION_TTL_SECONDS}`);
  });

  if (config.testHooks) {
    app.post('/test/live/results-updated', async (request, reply) => {
      const { version } = parseInput(publishTestUpdateRequest, request.body ?? {});
      const event = await events.publish({ type: 'results-updated', data: { source: 'test', at: new Date().toISOString(), version } });
      return reply.status(202).send({ id: event.id });
    });
  }
};
