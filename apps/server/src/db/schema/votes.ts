import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Fan's Choice ballots: one per race per voter, a signed-in user or an anonymous visitor (the id in the signed
 * visitor cookie). The unique constraints are the rule, so concurrent requests can never store a second ballot.
 * Picks are F1DB ids without foreign keys: the F1DB import rewrites those tables, and a ballot must survive it.
 *
 * Anonymous ballots also take one of a few numbered slots of their client address (an HMAC of the IP, or of
 * an IPv6 /64): unique per race, so clearing cookies buys at most that many ballots per address.
 */
export const ballots = pgTable(
  'ballots',
  {
    id: serial('id').primaryKey(),
    raceId: integer('race_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
    addressHash: text('address_hash'),
    addressSlot: integer('address_slot'),
    bestPointScorer: text('best_point_scorer').notNull(),
    bestOfTheRest: text('best_of_the_rest').notNull(),
    bestTeam: text('best_team').notNull(),
    /** When the ballot was cast by the racing clock, the one its window follows. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('ballots_race_user').on(t.raceId, t.userId),
    unique('ballots_race_visitor').on(t.raceId, t.visitorId),
    unique('ballots_race_address_slot').on(t.raceId, t.addressHash, t.addressSlot),
    check('ballots_one_voter', sql`num_nonnulls(${t.userId}, ${t.visitorId}) = 1`),
    check(
      'ballots_visitor_address',
      sql`(${t.visitorId} is null) = (${t.addressHash} is null) and (${t.visitorId} is null) = (${t.addressSlot} is null)`,
    ),
    check('ballots_address_slot', sql`${t.addressSlot} >= 1`),
    index('ballots_user').on(t.userId),
  ],
);
