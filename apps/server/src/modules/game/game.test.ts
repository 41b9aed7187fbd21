import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardResponse, PlayerBestResponse, ReactionTimeResponse } from '@slipstream/contract';
import { users } from '../../db/schema';
import { signUpAndSignIn, type SignedInUser } from '../../test/accounts';
import { buildTestApp, type TestApp } from '../../test/app';
import { recordReactionTime, SUBMISSION_LIMIT } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let emails = 0;
async function newPlayer(displayName: string | null = null): Promise<SignedInUser> {
  emails += 1;
  const player = await signUpAndSignIn(t.app, t.database, `player${emails}@example.com`);
  if (displayName) await t.database.db.update(users).set({ displayName }).where(eq(users.id, player.uid));
  return player;
}

/** An account straight in the table, for tests that call the service and need no sign-in (sign-ups are slow). */
async function insertUser(displayName: string | null): Promise<string> {
  emails += 1;
  const [user] = await t.database.db.insert(users).values({ email: `player${emails}@example.com`, displayName }).returning({ id: users.id });
  return user!.id;
}

const submit = (player: SignedInUser | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/reaction-game/times', headers: player?.auth ?? {}, payload: payload as object });
const board = async () => (await t.app.inject('/api/reaction-game/leaderboard')).json<LeaderboardResponse>();

describe('saving a reaction time', () => {
  it('needs a signed-in user', async () => {
    const response = await submit(undefined, { reactionMs: 250 });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'auth/unauthenticated', message: 'User is not authenticated' });
    expect((await t.app.inject('/api/reaction-game/me')).statusCode).toBe(401);
  });

  it('accepts only whole milliseconds within human bounds, naming the field', async () => {
    const player = await newPlayer();
    for (const reactionMs of [99, 2001, 180.5, '180', null]) {
      const response = await submit(player, { reactionMs });
      expect(response.statusCode, String(reactionMs)).toBe(400);
      expect(response.json().message).toMatch(/^Invalid reactionMs: /);
    }
    expect((await submit(player, {})).statusCode).toBe(400);
    expect((await submit(player, { reactionMs: 100 })).statusCode).toBe(200);
    expect((await submit(player, { reactionMs: 2000 })).statusCode).toBe(200);
  });

  it("keeps the player's best and says when a time beats it", async () => {
    const player = await newPlayer();
    const me = async () => (await t.app.inject({ url: '/api/reaction-game/me', headers: player.auth })).json<PlayerBestResponse>();
    expect(await me()).toMatchObject({ bestMs: null, setAt: null, rank: null });

    const first = (await submit(player, { reactionMs: 250 })).json<ReactionTimeResponse>();
    expect(first).toMatchObject({ bestMs: 250, improved: true });
    const slower = (await submit(player, { reactionMs: 300 })).json<ReactionTimeResponse>();
    expect(slower).toMatchObject({ bestMs: 250, improved: false, setAt: first.setAt });
    const quicker = (await submit(player, { reactionMs: 201 })).json<ReactionTimeResponse>();
    expect(quicker).toMatchObject({ bestMs: 201, improved: true });
    expect(await me()).toEqual({ bestMs: 201, setAt: quicker.setAt, rank: quicker.rank, players: quicker.players });
  });
});

describe('the rate limit', () => {
  it(`allows ${SUBMISSION_LIMIT.count} times a minute per player, then answers 429 with Retry-After`, async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    for (let i = 0; i < SUBMISSION_LIMIT.count; i++) expect((await submit(player, { reactionMs: 400 - i })).statusCode).toBe(200);
    const refused = await submit(player, { reactionMs: 150 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many times saved in a minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The refused time is not kept; another player is not limited by this one.
    expect((await t.app.inject({ url: '/api/reaction-game/me', headers: player.auth })).json().bestMs).toBe(400 - SUBMISSION_LIMIT.count + 1);
    expect((await submit(other, { reactionMs: 400 })).statusCode).toBe(200);
  });

  it('slides: a time is allowed again once the oldest of the last ten is a minute old', async () => {
    const player = await insertUser(null);
    const { db } = t.database;
    const start = Date.parse('2030-01-01T12:00:00Z');
    for (let i = 0; i < SUBMISSION_LIMIT.count; i++) await recordReactionTime(db, player, 300, new Date(start + i * 1000));
    const justInside = new Date(start + SUBMISSION_LIMIT.windowMs - 1);
    await expect(recordReactionTime(db, player, 290, justInside)).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } });
    const after = await recordReactionTime(db, player, 290, new Date(start + SUBMISSION_LIMIT.windowMs));
    expect(after).toMatchObject({ bestMs: 290, improved: true });
    // The second of the ten still counts, so the next one waits for it.
    await expect(recordReactionTime(db, player, 280, new Date(start + SUBMISSION_LIMIT.windowMs + 1))).rejects.toMatchObject({ statusCode: 429 });
  });
});

describe('the leaderboard', () => {
  it('lists one best per player, quickest first, equal times sharing a rank, with rank and count for the player', async () => {
    await t.database.db.delete(users);
    const alice = await insertUser('Alice');
    const bruno = await insertUser('Bruno');
    const chloe = await newPlayer(null);
    const { db } = t.database;
    await recordReactionTime(db, alice, 240, new Date());
    await recordReactionTime(db, alice, 190, new Date());
    await recordReactionTime(db, alice, 205, new Date());
    await recordReactionTime(db, bruno, 210, new Date());
    await submit(chloe, { reactionMs: 210 });
    await recordReactionTime(db, bruno, 330, new Date());

    const { entries, players } = await board();
    expect(players).toBe(3);
    expect(entries.map((e) => [e.rank, e.name, e.bestMs])).toEqual([
      [1, 'Alice', 190],
      [2, 'Bruno', 210],
      [2, null, 210],
    ]);
    const chloeBest = (await t.app.inject({ url: '/api/reaction-game/me', headers: chloe.auth })).json<PlayerBestResponse>();
    expect(chloeBest).toMatchObject({ bestMs: 210, rank: 2, players: 3 });
  });

  it('shows the 50 quickest and forgets a deleted account', async () => {
    const { db } = t.database;
    await db.delete(users);
    const quickest = await newPlayer('Driver 0');
    const players = [quickest.uid];
    for (let i = 1; i < 52; i++) players.push(await insertUser(`Driver ${i}`));
    for (const [i, uid] of players.entries()) await recordReactionTime(db, uid, 150 + i, new Date());

    const full = await board();
    expect(full.players).toBe(52);
    expect(full.entries).toHaveLength(50);
    expect(full.entries.at(-1)).toMatchObject({ rank: 50, name: 'Driver 49', bestMs: 199 });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/profile/${quickest.uid}`, headers: quickest.auth });
    expect(deleted.statusCode).toBe(204);
    expect((await board()).entries[0]).toMatchObject({ rank: 1, name: 'Driver 1', bestMs: 151 });
  });
});
