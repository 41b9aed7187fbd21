import { count, eq, lt, sql } from 'drizzle-orm';
import {
  LEADERBOARD_SIZE,
  type LeaderboardResponse,
  type PlayerBestResponse,
  type ReactionTimeResponse,
} from '@slipstream/contract';
import type { Db } from '../../db/client';
import { reactionPlayers, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';

/** At most this many saved times per player in any sliding window of this length. */
export const SUBMISSION_LIMIT = { count: 10, windowMs: 60_000 };

/**
 * Saves a player's time: their best moves when it is quicker. `now` is real time (a rate limit is security
 * timing, never the racing clock). The player's row is locked for the check, so two requests at once cannot
 * both slip under the limit.
 */
export async function recordReactionTime(db: Db, userId: string, reactionMs: number, now: Date): Promise<ReactionTimeResponse> {
  const improved = await db.transaction(async (tx) => {
    const first = await tx
      .insert(reactionPlayers)
      .values({ userId, bestMs: reactionMs, bestAt: now, recentSubmissions: [now.getTime()] })
      .onConflictDoNothing()
      .returning({ userId: reactionPlayers.userId });
    if (first.length > 0) return true;

    const [player] = await tx.select().from(reactionPlayers).where(eq(reactionPlayers.userId, userId)).for('update');
    if (!player) throw new Error(`reaction_players row of ${userId} vanished inside its transaction`);
    const recent = player.recentSubmissions.filter((at) => at > now.getTime() - SUBMISSION_LIMIT.windowMs);
    if (recent.length >= SUBMISSION_LIMIT.count) throw tooManySubmissions(recent[0]! + SUBMISSION_LIMIT.windowMs - now.getTime());

    const isBest = reactionMs < player.bestMs;
    await tx
      .update(reactionPlayers)
      .set({
        recentSubmissions: [...recent, now.getTime()].slice(-SUBMISSION_LIMIT.count),
        ...(isBest ? { bestMs: reactionMs, bestAt: now } : {}),
      })
      .where(eq(reactionPlayers.userId, userId));
    return isBest;
  });
  return { ...(await playerBest(db, userId)), improved };
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
