import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TriviaAnswerResponse, TriviaRound } from '@slipstream/contract';
import type { Database } from '../../db/client';
import { circuitLayouts, dataImports, drivers, grandsPrix, raceResults, races } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { openF1TestDatabase } from '../../test/f1-database';
import { loadTriviaPools } from './pools';

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openF1TestDatabase();
  t = await buildTestApp({ database, now: '2025-07-05T12:00:00Z' });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

async function newRound(): Promise<TriviaRound> {
  const response = await t.app.inject({ method: 'POST', url: '/api/trivia/rounds' });
  expect(response.statusCode).toBe(201);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<TriviaRound>();
}

const answer = (roundId: string, question: number, choice: number) =>
  t.app.inject({ method: 'POST', url: `/api/trivia/rounds/${roundId}/answers`, payload: { question, choice } });

describe('a trivia round', () => {
  let round: TriviaRound;
  beforeAll(async () => {
    round = await newRound();
  });

  it('has ten distinct questions with four distinct options each, and no answers in it', async () => {
    expect(round.questions).toHaveLength(10);
    const asked = round.questions.map((q) => `${q.prompt} ${q.options.toSorted().join()} ${q.imageUrl}`);
    expect(new Set(asked).size).toBe(10);
    for (const question of round.questions) {
      expect(new Set(question.options).size).toBe(4);
      expect(question.imageUrl !== null).toBe(question.kind === 'circuit-map');
    }
    const body = JSON.stringify(round);
    expect(body).not.toMatch(/"(answer|fact|layoutId)"/);
  });

  it('is fresh each time', async () => {
    const other = await newRound();
    expect(other.id).not.toBe(round.id);
    expect(other.questions).not.toEqual(round.questions);
  });

  it('checks each answer on the server and tells the fact behind it', async () => {
    for (const [index, question] of round.questions.entries()) {
      const first = (await answer(round.id, index, 0)).json<TriviaAnswerResponse>();
      expect(first.correct).toBe(first.answer === 0);
      expect(first.fact).toContain(question.options[first.answer]!);
      const right = (await answer(round.id, index, first.answer)).json<TriviaAnswerResponse>();
      expect(right).toEqual({ correct: true, answer: first.answer, fact: first.fact });
      const wrong = (await answer(round.id, index, (first.answer + 1) % 4)).json<TriviaAnswerResponse>();
      expect(wrong).toEqual({ correct: false, answer: first.answer, fact: first.fact });
    }
  });

  it('gets race winners right, by the data', async () => {
    const winnerQuestions = round.questions.flatMap((q, index) => (q.kind === 'race-winner' ? [{ q, index }] : []));
    for (const { q, index } of winnerQuestions) {
      const [, year, grandPrix] = /^Who won the (\d{4}) (.+)\?$/.exec(q.prompt)!;
      const [winner] = await database.db
        .select({ name: drivers.name })
        .from(raceResults)
        .innerJoin(races, eq(races.id, raceResults.raceId))
        .innerJoin(grandsPrix, eq(grandsPrix.id, races.grandPrixId))
        .innerJoin(drivers, eq(drivers.id, raceResults.driverId))
        .where(and(eq(races.year, Number(year)), eq(grandsPrix.fullName, grandPrix!), eq(raceResults.session, 'RACE'), eq(raceResults.positionNumber, 1)));
      const checked = (await answer(round.id, index, 0)).json<TriviaAnswerResponse>();
      expect(q.options[checked.answer]).toBe(winner!.name);
    }
  });

  it('serves the map of a circuit question under the round, not the circuit, in both variants', async () => {
    const index = round.questions.findIndex((q) => q.kind === 'circuit-map');
    const { imageUrl } = round.questions[index]!;
    expect(imageUrl).toBe(`/api/trivia/rounds/${round.id}/questions/${index}/map.svg`);
    const white = await t.app.inject(imageUrl!);
    expect(white.statusCode).toBe(200);
    expect(white.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const black = await t.app.inject(`${imageUrl}?variant=black`);
    // The drawing is the latest layout of the circuit the right option names.
    const named = round.questions[index]!.options[(await answer(round.id, index, 0)).json<TriviaAnswerResponse>().answer];
    const [layout] = await database.db
      .select({ svgs: circuitLayouts.svgs })
      .from(circuitLayouts)
      .where(sql`${circuitLayouts.circuitId} = (select id from circuits where full_name = ${named!})`)
      .orderBy(sql`(select max(year * 100 + round) from races where circuit_layout_id = ${circuitLayouts.id}) desc nulls last`)
      .limit(1);
    expect(white.body).toBe(layout!.svgs.white);
    expect(black.body).toBe(layout!.svgs.black);

    const notMap = round.questions.findIndex((q) => q.kind !== 'circuit-map');
    expect((await t.app.inject(`/api/trivia/rounds/${round.id}/questions/${notMap}/map.svg`)).statusCode).toBe(404);
    expect((await t.app.inject(`${imageUrl}?variant=pink`)).statusCode).toBe(400);
  });
});

describe('refusals', () => {
  it('refuses bad answers with a 400 naming the field', async () => {
    const { id } = await newRound();
    for (const [payload, field] of [
      [{ question: 10, choice: 0 }, 'question'],
      [{ question: 0, choice: 4 }, 'choice'],
      [{ question: 0, choice: 1.5 }, 'choice'],
      [{ question: 0 }, 'choice'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: `/api/trivia/rounds/${id}/answers`, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^Invalid ${field}:`));
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/trivia/rounds/nonsense/answers', payload: { question: 0, choice: 0 } })).statusCode).toBe(400);
  });

  it('refuses a round id it did not sign, or one made from older data', async () => {
    const { id } = await newRound();
    const [payload, signature] = id.split('.');
    const forged = `${Buffer.from('1.1.42').toString('base64url')}.${signature}`;
    const unknown = await answer(forged, 0, 0);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No such trivia round: start a new one' });
    expect((await answer(`${payload}.${'A'.repeat(22)}`, 0, 0)).statusCode).toBe(404);

    const other = await buildTestApp({ database, now: '2025-07-05T12:00:00Z' });
    try {
      // Another secret (another deployment) does not accept this one's rounds.
      expect((await other.app.inject({ method: 'POST', url: `/api/trivia/rounds/${id}/answers`, payload: { question: 0, choice: 0 } })).statusCode).toBe(404);
    } finally {
      await other.close();
    }

    const [latest] = await database.db.select().from(dataImports).orderBy(sql`id desc`).limit(1);
    const { id: _id, ...copy } = latest!;
    await database.db.insert(dataImports).values({ ...copy, version: `${copy.version}-next` });
    const stale = await answer(id, 0, 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('The F1 data was updated during this round: start a new one');
    expect((await newRound()).questions).toHaveLength(10);
  });
});

describe('the facts a round draws from', () => {
  it('stop at the cutoff: races up to it, seasons only once decided', async () => {
    const pools = await loadTriviaPools(database.db, { season: 2025, round: 11 }, 2024);
    const lastRace = pools.races.at(-1)!;
    expect([lastRace.year, lastRace.grandPrix, lastRace.winner]).toEqual([2025, 'Austrian Grand Prix', 'Lando Norris']);
    expect(Math.max(...pools.standings.map((s) => s.year))).toBe(2024);
    expect(Math.max(...pools.driverSeasons.map((s) => s.year))).toBe(2024);
    expect(pools.winCounts[0]).toEqual({ driver: 'Lewis Hamilton', wins: 105 });
    expect(pools.circuits.find((c) => c.fullName === 'Silverstone Circuit')).toMatchObject({ firstYear: 1950, lastYear: 2024 });
  });
});
