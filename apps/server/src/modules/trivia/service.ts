import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TriviaAnswerRequest, TriviaAnswerResponse, TriviaQuestion, TriviaRound } from '@slipstream/contract';
import { circuitLayouts, races } from '../../db/schema';
import { remember } from '../../lib/cache';
import { HttpError, notFound } from '../../lib/errors';
import type { KeptReads } from '../../lib/cache';
import { lastFinishedMeeting } from '../f1/calendar/service';
import { DATA_TTL_SECONDS, dataKey, dataVersions, type F1Context } from '../f1/context';
import { decidedSeasons } from '../history/queries';
import { generateRound, type GeneratedQuestion } from './generate';
import { loadTriviaPools, type TriviaPools } from './pools';
import type { RoundTicket, TicketSigner } from './ticket';

/**
 * What the trivia endpoints share: the signer of round ids, and the fact pools, parsed, in this process (the shared
 * cache holds them as JSON; parsing them for every answer would cost more than building the round again). Rounds
 * themselves are never stored (a flood of new rounds cannot push other answers out of the cache): each answer rebuilds
 * its round from the ticket, which is cheap next to parsing the pools.
 */
export type TriviaDeps = { signer: TicketSigner; pools: KeptReads<TriviaPools> };

export async function newRound(ctx: F1Context, deps: TriviaDeps): Promise<TriviaRound> {
  const last = await lastFinishedMeeting(ctx);
  if (!last) throw new HttpError(503, 'No race has been run yet, so there is nothing to ask about');
  const { dataVersion } = await dataVersions(ctx);
  const ticket: RoundTicket = { dataVersion, cutoffRaceId: last.raceId, seed: randomInt(2 ** 32) };
  const id = deps.signer.issue(ticket);
  const questions = await roundQuestions(ctx, deps, ticket);
  return { id, questions: questions.map((question, index) => publicQuestion(id, index, question)) };
}

export async function checkAnswer(
  ctx: F1Context,
  deps: TriviaDeps,
  roundId: string,
  { question, choice }: TriviaAnswerRequest,
): Promise<TriviaAnswerResponse> {
  const asked = (await roundQuestions(ctx, deps, await readTicket(ctx, deps.signer, roundId)))[question];
  if (!asked) throw notFound(`No question ${question} in this round`);
  return { correct: choice === asked.answer, answer: asked.answer, fact: asked.fact };
}

/** The drawing of a circuit-map question, served by round and question so its URL does not name the circuit. */
export async function questionMap(ctx: F1Context, deps: TriviaDeps, roundId: string, question: number, variant: string): Promise<string> {
  const asked = (await roundQuestions(ctx, deps, await readTicket(ctx, deps.signer, roundId)))[question];
  if (!asked?.layoutId) throw notFound(`Question ${question} of this round shows no map`);
  const [layout] = await ctx.db.select({ svgs: circuitLayouts.svgs }).from(circuitLayouts).where(eq(circuitLayouts.id, asked.layoutId));
  const svg = layout?.svgs[variant];
  if (!svg) throw notFound(`No ${variant} drawing for question ${question}`);
  return svg;
}

async function readTicket(ctx: F1Context, signer: TicketSigner, roundId: string): Promise<RoundTicket> {
  const ticket = signer.read(roundId);
  if (!ticket) throw notFound('No such trivia round: start a new one');
  if (ticket.dataVersion !== (await dataVersions(ctx)).dataVersion) throw new HttpError(409, 'The F1 data was updated during this round: start a new one');
  return ticket;
}

async function roundQuestions(ctx: F1Context, deps: TriviaDeps, ticket: RoundTicket): Promise<GeneratedQuestion[]> {
  const key = dataKey(ctx, 'trivia-pools', ticket.cutoffRaceId);
  const pools = await deps.pools.read(key, () => triviaPools(ctx, key, ticket.cutoffRaceId));
  return generateRound(pools, ticket.seed);
}

function triviaPools(ctx: F1Context, key: string, cutoffRaceId: number): Promise<TriviaPools> {
  return remember(ctx.cache, key, DATA_TTL_SECONDS, async () => {
    const [cutoff] = await ctx.db.select({ season: races.year, round: races.round }).from(races).where(eq(races.id, cutoffRaceId));
    if (!cutoff) throw new Error(`Trivia ticket names race ${cutoffRaceId}, which the data does not hold`);
    const lastDecided = (await decidedSeasons(ctx.db, cutoff)).at(-1) ?? 0;
    return loadTriviaPools(ctx.db, cutoff, lastDecided);
  });
}

function publicQuestion(roundId: string, index: number, { kind, prompt, options, layoutId }: GeneratedQuestion): TriviaQuestion {
  const imageUrl = layoutId ? `/api/trivia/rounds/${roundId}/questions/${index}/map.svg` : null;
  return { kind, prompt, options, imageUrl };
}
