import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOLD_MS, type LeaderboardResponse, type PlayerBestResponse, type ReactionStartResponse, type ReactionTimeResponse } from '@slipstream/contract';
import { users } from '../../db/schema';
import { signUpAndSignIn, type SignedInUser } from '../../test/accounts';
import { buildTestApp, type TestApp } from '../../test/app';
import { recordReactionTime, SUBMISSION_LIMIT, type TimedPress } from './service';
import { expectRefusal } from '../../test/refusal';

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

const board = async () => (await t.app.inject('/api/reaction-game/leaderboard')).json<LeaderboardResponse>();

/** The wall clock, moved by hand (Date only: the server times presses with Date.now, timers stay real). */
let wallClock = Date.parse('2030-01-01T12:00:00Z');
const setWallClock = (at: number) => {
  wallClock = at;
  vi.setSystemTime(at);
};
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: wallClock });
});
afterAll(() => {
  vi.useRealTimers();
});

const post = (player: SignedInUser | undefined, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: player?.auth ?? {}, payload });
async function startRun(player: SignedInUser): Promise<ReactionStartResponse> {
  const started = await post(player, '/api/reaction-game/starts');
  expect(started.statusCode).toBe(201);
  return started.json<ReactionStartResponse>();
}
/** A ranked run whose press reaches the server `afterLightsOut` ms after the lights-out instant the server chose. */
async function rankedRun(player: SignedInUser, afterLightsOut: number) {
  const { start, lightsOutInMs } = await startRun(player);
  setWallClock(wallClock + lightsOutInMs + afterLightsOut);
  const pressed = await post(player, '/api/reaction-game/times', { start });
  setWallClock(wallClock + 1000);
  return pressed;
}
/** A timed press straight to the service, for tests of what it keeps. */
const press = (reactionMs: number, lightsOutAt: number): TimedPress => ({ reactionMs, lightsOutAt: new Date(lightsOutAt) });

describe('a ranked run', () => {
  it('needs a signed-in user', async () => {
    for (const url of ['/api/reaction-game/starts', '/api/reaction-game/times']) {
      const response = await post(undefined, url, { start: 'x' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'auth/unauthenticated', message: 'User is not authenticated' });
    }
    expect((await t.app.inject('/api/reaction-game/me')).statusCode).toBe(401);
  });

  it('refuses a time the browser reports itself', async () => {
    const player = await newPlayer();
    expectRefusal(await post(player, '/api/reaction-game/times', { reactionMs: 100 }), 400, /^Invalid start: /);
    expect((await board()).entries.some((entry) => entry.bestMs === 100)).toBe(false);
  });

  it('starts with the lights coming on at once and going out after the four seconds of lights and a 0.2-3 s hold', async () => {
    const player = await newPlayer();
    for (let run = 0; run < 20; run++) {
      const { lightsOutInMs } = await startRun(player);
      expect(lightsOutInMs).toBeGreaterThanOrEqual(4000 + HOLD_MS.min);
      expect(lightsOutInMs).toBeLessThanOrEqual(4000 + HOLD_MS.max);
    }
  });

  it('is timed by the server from the lights-out instant it chose to the press arriving, and counts once', async () => {
    const player = await newPlayer();
    const me = async () => (await t.app.inject({ url: '/api/reaction-game/me', headers: player.auth })).json<PlayerBestResponse>();
    expect(await me()).toMatchObject({ bestMs: null, setAt: null, rank: null });

    const { start, lightsOutInMs } = await startRun(player);
    setWallClock(wallClock + lightsOutInMs + 250);
    const first = await post(player, '/api/reaction-game/times', { start });
    expect(first.statusCode).toBe(200);
    expect(first.json<ReactionTimeResponse>()).toMatchObject({ reactionMs: 250, bestMs: 250, improved: true });
    expectRefusal(await post(player, '/api/reaction-game/times', { start }), 409, 'This start was already used: start the lights again');

    const slower = (await rankedRun(player, 300)).json<ReactionTimeResponse>();
    expect(slower).toMatchObject({ reactionMs: 300, bestMs: 250, improved: false });
    const quicker = (await rankedRun(player, 201)).json<ReactionTimeResponse>();
    expect(quicker).toMatchObject({ reactionMs: 201, bestMs: 201, improved: true });
    expect(await me()).toEqual({ bestMs: 201, setAt: quicker.setAt, rank: quicker.rank, players: quicker.players });
  });

  it('refuses a press before lights out, one quicker than a human, one after 2 s, an older start, and starts not given to this player', async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    const refusals: [number, RegExp][] = [
      [-1, /^Jump start: your press reached the server before the lights went out$/],
      [99, /^Too quick to be true: 99 ms after the lights went out is a guess, not a reaction$/],
      [2001, /^Too late: your press reached the server 2001 ms after the lights went out \(at most 2000 ms count\)$/],
    ];
    for (const [afterLightsOut, message] of refusals) {
      const response = await rankedRun(player, afterLightsOut);
      expect(response.statusCode, String(afterLightsOut)).toBe(400);
      expect(response.json().message).toMatch(message);
    }

    const older = await startRun(player);
    // Three seconds on, more than holds can differ: the next start's lights go out after this one's.
    setWallClock(wallClock + 3000);
    const newer = await startRun(player);
    setWallClock(wallClock + newer.lightsOutInMs + 400);
    // A later start and an earlier one may be in flight together; after the later one, the earlier no longer counts.
    expect((await post(player, '/api/reaction-game/times', { start: newer.start })).statusCode).toBe(200);
    const late = await post(player, '/api/reaction-game/times', { start: older.start });
    expect([409, 400]).toContain(late.statusCode);

    const theirs = await startRun(other);
    setWallClock(wallClock + theirs.lightsOutInMs + 300);
    for (const start of [theirs.start, `${theirs.start}x`, 'forged.start']) {
      const response = await post(player, '/api/reaction-game/times', { start });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Invalid start: it is not a start this server gave you');
    }
  });
});

describe('the rate limit', () => {
  it(`allows ${SUBMISSION_LIMIT.count} times a minute per player, then answers 429 with Retry-After`, async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    const { db } = t.database;
    const now = Date.parse('2030-02-01T12:00:00Z');
    for (let i = 0; i < SUBMISSION_LIMIT.count; i++) await recordReactionTime(db, player.uid, press(400 - i, now - 10_000 + i), new Date(now));
    const refused = recordReactionTime(db, player.uid, press(150, now - 1000), new Date(now));
    await expect(refused).rejects.toMatchObject({ statusCode: 429, message: expect.stringMatching(/^Too many times saved in a minute/) });
    await expect(refused).rejects.toMatchObject({ headers: { 'retry-after': '60' } });
    // The refused time is not kept; another player is not limited by this one.
    expect((await t.app.inject({ url: '/api/reaction-game/me', headers: player.auth })).json().bestMs).toBe(400 - SUBMISSION_LIMIT.count + 1);
    expect((await rankedRun(other, 400)).statusCode).toBe(200);
  });

  it('slides: a time is allowed again once the oldest of the last ten is a minute old', async () => {
    const player = await insertUser(null);
    const { db } = t.database;
    const start = Date.parse('2030-01-01T12:00:00Z');
    for (let i = 0; i < SUBMISSION_LIMIT.count; i++) await recordReactionTime(db, player, press(300, start + i), new Date(start + i * 1000));
    const justInside = new Date(start + SUBMISSION_LIMIT.windowMs - 1);
    await expect(recordReactionTime(db, player, press(290, start + 100), justInside)).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } });
    const after = await recordReactionTime(db, player, press(290, start + 101), new Date(start + SUBMISSION_LIMIT.windowMs));
    expect(after).toMatchObject({ bestMs: 290, improved: true });
    // The second of the ten still counts, so the next one waits for it.
    await expect(recordReactionTime(db, player, press(280, start + 102), new Date(start + SUBMISSION_LIMIT.windowMs + 1))).rejects.toMatchObject({ statusCode: 429 });
  });
});

describe('the leaderboard', () => {
  it('lists one best per player, quickest first, equal times sharing a rank, with rank and count for the player', async () => {
    await t.database.db.delete(users);
    const alice = await insertUser('Alice');
    const bruno = await insertUser('Bruno');
    const chloe = await newPlayer(null);
    const { db } = t.database;
    await recordReactionTime(db, alice, press(240, 1), new Date());
    await recordReactionTime(db, alice, press(190, 2), new Date());
    await recordReactionTime(db, alice, press(205, 3), new Date());
    await recordReactionTime(db, bruno, press(210, 1), new Date());
    expect((await rankedRun(chloe, 210)).statusCode).toBe(200);
    await recordReactionTime(db, bruno, press(330, 2), new Date());

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
    for (const [i, uid] of players.entries()) await recordReactionTime(db, uid, press(150 + i, 1), new Date());

    const full = await board();
    expect(full.players).toBe(52);
    expect(full.entries).toHaveLength(50);
    expect(full.entries.at(-1)).toMatchObject({ rank: 50, name: 'Driver 49', bestMs: 199 });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/profile/${quickest.uid}`, headers: quickest.auth });
    expect(deleted.statusCode).toBe(204);
    expect((await board()).entries[0]).toMatchObject({ rank: 1, name: 'Driver 1', bestMs: 151 });
  });
});
