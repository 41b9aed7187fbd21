import { z } from './zod';

/**
 * The reaction game (/reaction-game): best start reaction per signed-in player and the leaderboard. Times are
 * whole milliseconds from lights out to the player's press. Ranked times are the server's: it chooses the instant
 * the lights go out (a signed start) and times the press when it arrives, so no browser can report its own time.
 */

/** Human bounds: quicker is a guess (anticipating the lights), slower is no longer a start. */
export const REACTION_BOUNDS_MS = { min: 100, max: 2000 } as const;

/** The start sequence: five red lights come on one a second, stay on for a random hold, then go out. */
export const LIGHT_COUNT = 5;
export const LIGHT_INTERVAL_MS = 1000;
export const HOLD_MS = { min: 200, max: 3000 } as const;

/** POST /api/reaction-game/starts: the start of a ranked run, its first light on as this answer arrives. */
export const reactionStartResponse = z.object({
  /** Signed by the server: whose run it is and the instant it chose for lights out. Sent back with the press, once. */
  start: z.string(),
  /** Milliseconds from this answer to lights out: the four seconds of lights coming on, then the hold. */
  lightsOutInMs: z.number().int(),
});
export type ReactionStartResponse = z.infer<typeof reactionStartResponse>;

/** POST /api/reaction-game/times: the press of a ranked run, timed by the server as it arrives. */
export const reactionTimeRequest = z.object({ start: z.string().min(1, 'the start from POST /api/reaction-game/starts').max(500) });
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

/**
 * POST /api/reaction-game/times: the time the server measured (lights out to the press's arrival, so the player's
 * connection counts too), the player's standing after it, and whether it beat their best.
 */
export const reactionTimeResponse = playerBestResponse.extend({ reactionMs: z.number().int(), improved: z.boolean() });
export type ReactionTimeResponse = z.infer<typeof reactionTimeResponse>;
