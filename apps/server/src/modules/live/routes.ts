import type { FastifyPluginAsync } from 'fastify';
import { liveCentreResponse, liveEventsHeaders, publishTestUpdateRequest } from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { parseInput } from '../../lib/validation';
import { CLOCK_TTL_SECONDS, answer, clockKey, f1Context, sendJson } from '../f1/context';
import { liveCentre } from './service';
import { streamSlots } from '../../lib/stream-caps';
import { EVENT_STREAM_HEADERS, openEventStream } from './stream';

/**
 * The live session centre and its push channel. Browsers revalidate the centre on every fetch (no-cache, with
 * its ETag), so the refetch a pushed update triggers never gets a stale copy from their cache.
 */
export const liveRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { config, events } = deps;
  const openStreams = new Set<() => void>();
  // Streams never end by themselves: close them first, or app.close() would wait for every open page.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  app.get('/live/centre', async (_request, reply) => {
    const ctx = f1Context(deps);
    const json = await answer(ctx, clockKey(ctx, 'live-centre'), CLOCK_TTL_SECONDS, liveCentreResponse, () => liveCentre(ctx));
    return sendJson(reply, json, 'no-cache');
  });

  const slots = streamSlots(config.liveStreams);
  // A stream never ends by itself, so HEAD gets the stream's headers alone rather than Fastify's HEAD from GET.
  app.get('/live/events', { exposeHeadRoute: false }, async (request, reply) => {
    const { 'last-event-id': lastEventId } = parseInput(liveEventsHeaders, request.headers);
    const release = slots.take(request.ip);
    try {
      await openEventStream(reply, { events, lastEventId, heartbeatMs: config.liveHeartbeatMs, openStreams, onClose: release });
    } catch (error) {
      release();
      throw error;
    }
  });
  app.head('/live/events', async (_request, reply) => reply.headers(EVENT_STREAM_HEADERS).send());

  if (config.testHooks) {
    app.post('/test/live/results-updated', async (request, reply) => {
      const { version } = parseInput(publishTestUpdateRequest, request.body ?? {});
      const event = await events.publish({ type: 'results-updated', data: { source: 'test', at: new Date().toISOString(), version } });
      return reply.status(202).send({ id: event.id });
    });
  }
};
