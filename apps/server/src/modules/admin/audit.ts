import type { Db } from '../../db/client';
import { auditEntries } from '../../db/schema';
import type { AuthenticatedUser } from '../auth/guard';

export type AuditRecord = {
  actor: Pick<AuthenticatedUser, 'id' | 'email'>;
  /** The racing clock's now (one clock module), so a pinned demo's log reads in its own time. */
  at: Date;
  action: string;
  target: { type: string; id: string | number };
  before?: unknown;
  after?: unknown;
};

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so the change and its entry
 * land together or not at all.
 */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db.insert(auditEntries).values({
    at: record.at,
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    action: record.action,
    targetType: record.target.type,
    targetId: String(record.target.id),
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
