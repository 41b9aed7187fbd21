import { index, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Every change made through the admin tools: who (kept by e-mail address too, so an entry outlives the
 * account), what (a dotted action and its target), when, and the values before and after.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** "<area>.<verb>", e.g. "driver.override.update", "session.move", "user.role". */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_entries_at').on(t.at.desc()), index('audit_entries_target').on(t.targetType, t.targetId)],
);
