import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ballotRequest,
  castVoteResponse,
  fomRaceIdParams,
  myVotesResponse,
  votePreviewResponse,
  voteResultsResponse,
  voteStateResponse,
  type RaceTally,
} from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { sharedRateLimitStore } from '../../lib/rate-limit-store';
import { parseInput } from '../../lib/validation';
import { currentUser } from '../auth/guard';
import { f1Context, sendValidated } from '../f1/context';
import { noCommunityFacts, type CommunityFacts } from '../f1/standings/community';
import type { Voter } from './queries';
import { castBallot, myVotes, votePreview, voteResults, voteState } from './service';
import { VISITOR_COOKIE, addressHash, newVisitorId, signVisitorId, verifyVisitorCookie, visitorCookieOptions, voteKeys } from './visitor';
import { endpointRoute } from '../../lib/endpoints';

export type VotesOptions = AppDeps & { community?: CommunityFacts };

/** Per caller: never stored by a shared cache. */
const PRIVATE = 'private, no-cache';
/** Results change with every vote: revalidated each time (the ETag makes that cheap). */
const FRESH = 'no-cache';
const VOTES_UNCOUNTED_MESSAGE = 'Votes cannot be counted right now, so none are accepted. Try again in a few seconds.';

/**
 * The Fan's Choice vote: GET /vote (the last race's ballot for this caller), POST /vote (cast it),
 * GET /vote/results (every race with votes), GET /vote-results/:fomRaceId (the home preview), GET /votes/mine.
 */
export const votesRoutes: FastifyPluginAsync<VotesOptions> = async (app, { community = noCommunityFacts, ...deps }) => {
  const { config } = deps;
  if (!config.sessionSecret) throw new Error('SESSION_SECRET is not set');
  const keys = voteKeys(config.sessionSecret);
  const cookieOptions = visitorCookieOptions(config);

  await app.register(rateLimit, {
    global: false,
    ...(deps.redis ? { store: sharedRateLimitStore(deps.redis, VOTES_UNCOUNTED_MESSAGE) } : {}),
    errorResponseBuilder: (_request, context) => new HttpError(429, `Too many votes from this address. Try again in ${context.after}.`),
  });

  /**
   * The voter: the signed-in user when a Bearer token comes (a bad one is a 401, never a fall back to
   * anonymous), else the visitor of the signed cookie, else a new visitor whose cookie this answer sets.
   */
  async function identify(request: FastifyRequest, reply: FastifyReply, onForgedCookie: 'refuse' | 'replace'): Promise<Voter> {
    if (request.headers.authorization !== undefined) {
      await app.requireUser.call(app, request, reply);
      return { kind: 'user', userId: currentUser(request).id };
    }
    const presented = request.cookies[VISITOR_COOKIE];
    let visitorId = presented === undefined ? undefined : verifyVisitorCookie(keys.cookie, presented);
    if (presented !== undefined && !visitorId && onForgedCookie === 'refuse') {
      reply.clearCookie(VISITOR_COOKIE, { path: cookieOptions.path });
      throw new HttpError(400, 'Invalid visitor cookie. Reload the page and vote again.');
    }
    if (!visitorId) {
      visitorId = newVisitorId();
      reply.setCookie(VISITOR_COOKIE, signVisitorId(keys.cookie, visitorId), cookieOptions);
    }
    return { kind: 'visitor', visitorId, addressHash: addressHash(keys.address, request.ip) };
  }

  endpointRoute(app, 'voteState', async (request, reply) => {
    const voter = await identify(request, reply, 'replace');
    const ctx = f1Context(deps);
    return sendValidated(reply, voteStateResponse, await voteState(ctx, voter), PRIVATE);
  });

  endpointRoute(
    app,
    'castVote',
    { preHandler: app.requireAppRequest, config: { rateLimit: { max: config.voteRateLimit, timeWindow: 60_000 } } },
    async (request, reply) => {
      const input = parseInput(ballotRequest, request.body);
      const voter = await identify(request, reply, 'refuse');
      const ctx = f1Context(deps);
      const answer = await castBallot(ctx, voter, input, config.anonymousVotesPerAddress);
      await announceVote(deps.events, answer.results, request);
      return sendValidated(reply.status(201), castVoteResponse, answer, PRIVATE);
    },
  );

  endpointRoute(app, 'voteResults', async (_request, reply) => {
    const ctx = f1Context(deps);
    return sendValidated(reply, voteResultsResponse, await voteResults(ctx), FRESH);
  });

  endpointRoute(app, 'votePreview', async (request, reply) => {
    const { fomRaceId } = parseInput(fomRaceIdParams, request.params);
    const ctx = f1Context(deps);
    return sendValidated(reply, votePreviewResponse, await votePreview(ctx, fomRaceId, community), FRESH);
  });

  endpointRoute(app, 'myVotes', { preHandler: app.requireUser }, async (request, reply) => {
    const ctx = f1Context(deps);
    return sendValidated(reply, myVotesResponse, await myVotes(ctx, currentUser(request).id), PRIVATE);
  });
};

/** Tells every open page (on any instance) that this race's tally changed; a failure to tell never fails the vote. */
async function announceVote(events: EventBus, results: RaceTally, request: FastifyRequest): Promise<void> {
  try {
    await events.publish({
      type: 'vote-results-updated',
      data: { raceId: results.race.raceId, totalVotes: results.totalVotes, at: new Date().toISOString() },
    });
  } catch (error) {
    request.log.warn({ err: error }, 'could not announce the vote');
  }
}
