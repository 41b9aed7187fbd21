import type { FastifyPluginAsync } from 'fastify';
import { triviaAnswerRequest, triviaAnswerResponse, triviaMapParams, triviaMapQuery, triviaRound, triviaRoundParams } from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { keptReads, MB } from '../../lib/cache';
import { parseInput } from '../../lib/validation';
import { f1Context } from '../f1/context';
import type { TriviaPools } from './pools';
import { checkAnswer, newRound, questionMap, type TriviaDeps } from './service';
import { ticketSigner } from './ticket';
import { endpointRoute } from '../../lib/endpoints';

/** Trivia: a fresh round on each POST; answers are checked one at a time against the round's signed id. */
export const triviaRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  if (!deps.config.sessionSecret) throw new Error('SESSION_SECRET is not set (it also signs trivia rounds)');
  // Pools are keyed by the data revision and cutoff: only the latest one or two are worth keeping.
  const pools = keptReads<TriviaPools>(deps.revision, { keepMs: 10 * 60_000, maxKeys: 2, maxBytes: 8 * MB });
  const trivia: TriviaDeps = { signer: ticketSigner(deps.config.sessionSecret), pools };

  endpointRoute(app, 'newTriviaRound', async (_request, reply) => {
    const round = await newRound(f1Context(deps), trivia);
    return reply.status(201).header('cache-control', 'no-store').send(triviaRound.parse(round));
  });

  endpointRoute(app, 'answerTrivia', async (request, reply) => {
    const { roundId } = parseInput(triviaRoundParams, request.params);
    const body = parseInput(triviaAnswerRequest, request.body);
    const result = await checkAnswer(f1Context(deps), trivia, roundId, body);
    return reply.header('cache-control', 'no-store').send(triviaAnswerResponse.parse(result));
  });

  endpointRoute(app, 'triviaMap', async (request, reply) => {
    const { roundId, question } = parseInput(triviaMapParams, request.params);
    const { variant } = parseInput(triviaMapQuery, request.query);
    const svg = await questionMap(f1Context(deps), trivia, roundId, question, variant);
    return reply.header('cache-control', 'private, max-age=3600').type('image/svg+xml').send(svg);
  });
};
