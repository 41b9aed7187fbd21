import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { REACTION_BOUNDS_MS } from '@slipstream/contract';
import { users } from './accounts';

/**
 * The reaction game: one row per signed-in player, so the leaderboard holds one best per user by construction.
 * The row also remembers when the player's latest saved times arrived, which is all the rate limit needs, kept
 * in the database so that every server instance sees the same count.
 */
export const reactionPlayers = pgTable(
  'reaction_players',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bestMs: integer('best_ms').notNull(),
    bestAt: timestamp('best_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Epoch milliseconds of the latest submissions (at most the limit's count), oldest first. */
    recentSubmissions: jsonb('recent_submissions').$type<number[]>().notNull(),
    /** The lights-out instant of the latest ranked start used: a start counts once, and no older one after it. */
    lastLightsOutAt: timestamp('last_lights_out_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('reaction_players_best').on(t.bestMs, t.bestAt),
    check('reaction_players_best_ms', sql`${t.bestMs} between ${sql.raw(String(REACTION_BOUNDS_MS.min))} and ${sql.raw(String(REACTION_BOUNDS_MS.max))}`),
  ],
);
