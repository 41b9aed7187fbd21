import { randomInt } from 'node:crypto';
import { count, eq, lt, sql } from 'drizzle-orm';
import {
  HOLD_MS,
  LEADERBOARD_SIZE,
  LIGHT_COUNT,
  LIGHT_INTERVAL_MS,
  REACTION_BOUNDS_MS,
  type LeaderboardResponse,
  type PlayerBestResponse,
  type ReactionStartResponse,
  type ReactionTimeResponse,
} from '@slipstream/contract';
import type { Db } from '../../db/client';
import { reactionPlayers, users } from '../../db/schema';
import { badRequest, HttpError } from '../../lib/errors';
import type { TokenSigner } from '../../lib/signed-token';

/** At most this many saved times per player in any sliding window of this length. */
export const SUBMISSION_LIMIT = { count: 10, windowMs: 60_000 };

/** From the first light to lights out: the other four lights come on a second apart, then the hold. */
const LIGHTS_ON_MS = (LIGHT_COUNT - 1) * LIGHT_INTERVAL_MS;

/**
 * A ranked run's start: the server chooses the lights-out instant (its own clock, `now`, plus the lights and a
 * random hold) and signs it with the player's id, so the time it later measures cannot be chosen by the browser.
 */
export function startRun(signer: TokenSigner, userId: string, now: number): ReactionStartResponse {
  const lightsOutInMs = LIGHTS_ON_MS + randomInt(HOLD_MS.min, HOLD_MS.max + 1);
  return { start: signer.sign([userId, now + lightsOutInMs]), lightsOutInMs };
}

export type TimedPress = { reactionMs: number; lightsOutAt: Date };

/**
 * The reaction a press arriving at `now` shows for a start: from the lights-out instant the start carries to now.
 * The player's connection is in it, as it is for everyone. Refused: a start that is not this player's, a press
 * before lights out or quicker than a human can react (a guess), and one more than 2 s after it.
 */
export function timePress(signer: TokenSigner, userId: string, start: string, now: number): TimedPress {
  const [owner, outAt, ...rest] = signer.read(start) ?? [];
  const lightsOutAt = Number(outAt);
  if (owner !== userId || !Number.isSafeInteger(lightsOutAt) || rest.length > 0) throw badRequest('Invalid start: it is not a start this server gave you');
  const reactionMs = now - lightsOutAt;
  if (reactionMs < 0) throw badRequest('Jump start: your press reached the server before the lights went out');
  if (reactionMs < REACTION_BOUNDS_MS.min) {
    throw badRequest(`Too quick to be true: ${reactionMs} ms after the lights went out is a guess, not a reaction`);
  }
  if (reactionMs > REACTION_BOUNDS_MS.max) {
    throw badRequest(`Too late: your press reached the server ${reactionMs} ms after the lights went out (at most ${REACTION_BOUNDS_MS.max} ms count)`);
  }
  return { reactionMs, lightsOutAt: new Date(lightsOutAt) };
}

/**
 * Saves a player's timed press: their best moves when it is quicker. `now` is real time (a rate limit is security
 * timing, never the racing clock). The player's row is locked for the checks, so two requests at once cannot both
 * slip under the limit or use the same start: a start counts once, and none older than the last one used.
 */
export async function recordReactionTime(db: Db, userId: string, press: TimedPress, now: Date): Promise<ReactionTimeResponse> {
  const { reactionMs, lightsOutAt } = press;
  const improved = await db.transaction(async (tx) => {
    const first = await tx
      .insert(reactionPlayers)
      .values({ userId, bestMs: reactionMs, bestAt: now, recentSubmissions: [now.getTime()], lastLightsOutAt: lightsOutAt })
      .onConflictDoNothing()
      .returning({ userId: reactionPlayers.userId });
    if (first.length > 0) return true;

    const [player] = await tx.select().from(reactionPlayers).where(eq(reactionPlayers.userId, userId)).for('update');
    if (!player) throw new Error(`reaction_players row of ${userId} vanished inside its transaction`);
    if (player.lastLightsOutAt && player.lastLightsOutAt.getTime() >= lightsOutAt.getTime()) {
      throw new HttpError(409, 'This start was already used: start the lights again');
    }
    const recent = player.recentSubmissions.filter((at) => at > now.getTime() - SUBMISSION_LIMIT.windowMs);
    if (recent.length >= SUBMISSION_LIMIT.count) throw tooManySubmissions(recent[0]! + SUBMISSION_LIMIT.windowMs - now.getTime());

    const isBest = reactionMs < player.bestMs;
    await tx
      .update(reactionPlayers)
      .set({
        recentSubmissions: [...recent, now.getTime()].slice(-SUBMISSION_LIMIT.count),
        lastLightsOutAt: lightsOutAt,
        ...(isBest ? { bestMs: reactionMs, bestAt: now } : {}),
      })
      .where(eq(reactionPlayers.userId, userId));
    return isBest;
  });
  return { ...(await playerBest(db, userId)), reactionMs, improved };
}

function tooManySubmissions(retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, `Too many times saved in a minute. Try again in ${seconds} s.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

/** The player's best and rank (one more than the players strictly quicker, so equal times share a rank). */
export async function playerBest(db: Db, userId: string): Promise<PlayerBestResponse> {
  const [players] = await db.select({ n: count() }).from(reactionPlayers);
  const [row] = await db.select().from(reactionPlayers).where(eq(reactionPlayers.userId, userId));
  if (!row) return { bestMs: null, setAt: null, rank: null, players: players?.n ?? 0 };
  const [quicker] = await db.select({ n: count() }).from(reactionPlayers).where(lt(reactionPlayers.bestMs, row.bestMs));
  return { bestMs: row.bestMs, setAt: row.bestAt.toISOString(), rank: (quicker?.n ?? 0) + 1, players: players?.n ?? 0 };
}

/** The quickest players, one entry each; among equal times, whoever set it first comes first. */
export async function leaderboard(db: Db): Promise<LeaderboardResponse> {
  const rows = await db
    .select({
      rank: sql<number>`rank() over (order by ${reactionPlayers.bestMs})::int`,
      players: sql<number>`count(*) over ()::int`,
      displayName: users.displayName,
      nickname: users.nickname,
      photoUrl: users.photoUrl,
      bestMs: reactionPlayers.bestMs,
      bestAt: reactionPlayers.bestAt,
    })
    .from(reactionPlayers)
    .innerJoin(users, eq(users.id, reactionPlayers.userId))
    .orderBy(reactionPlayers.bestMs, reactionPlayers.bestAt)
    .limit(LEADERBOARD_SIZE);
  return {
    entries: rows.map((row) => ({
      rank: row.rank,
      name: row.displayName?.trim() || row.nickname?.trim() || null,
      photoUrl: row.photoUrl,
      bestMs: row.bestMs,
      setAt: row.bestAt.toISOString(),
    })),
    players: rows[0]?.players ?? 0,
  };
}
