import { z } from './zod';

/**
 * The reaction game (/reaction-game): best start reaction per signed-in player and the leaderboard. Times are
 * whole milliseconds from lights out to the player's press.
 */

/** Human bounds: quicker is a guess (anticipating the lights), slower is no longer a start. */
export const REACTION_BOUNDS_MS = { min: 100, max: 2000 } as const;

export const reactionTimeRequest = z.object({
  reactionMs: z
    .number()
    .int('whole milliseconds')
    .min(REACTION_BOUNDS_MS.min, `at least ${REACTION_BOUNDS_MS.min} ms (quicker is a guess, not a reaction)`)
    .max(REACTION_BOUNDS_MS.max, `at most ${REACTION_BOUNDS_MS.max} ms`),
});
export type ReactionTimeRequest = z.infer<typeof reactionTimeRequest>;

export const leaderboardEntry = z.object({
  /** Equal times share a rank; among them, whoever set it first is listed first. */
  rank: z.number().int().positive(),
  /** The player's display name or nickname; null when they have set neither. */
  name: z.string().nullable(),
  photoUrl: z.string().nullable(),
  bestMs: z.number().int(),
  setAt: z.string(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

/** GET /api/reaction-game/leaderboard: the 50 best players, one entry (their best) each. */
export const leaderboardResponse = z.object({
  entries: z.array(leaderboardEntry),
  /** Everyone with a time on the board. */
  players: z.number().int().nonnegative(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponse>;

export const LEADERBOARD_SIZE = 50;

/** GET /api/reaction-game/me: the signed-in player's best and place; all null before a first saved time. */
export const playerBestResponse = z.object({
  bestMs: z.number().int().nullable(),
  setAt: z.string().nullable(),
  rank: z.number().int().positive().nullable(),
  players: z.number().int().nonnegative(),
});
export type PlayerBestResponse = z.infer<typeof playerBestResponse>;

/** POST /api/reaction-game/times: the player's standing after the time, and whether it beat their best. */
export const reactionTimeResponse = playerBestResponse.extend({ improved: z.boolean() });
export type ReactionTimeResponse = z.infer<typeof reactionTimeResponse>;
