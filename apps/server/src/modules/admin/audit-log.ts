import { and, desc, eq, gte, ilike, like, lt, lte, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery, AuditResponse } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { auditEntries } from '../../db/schema';
import { containing, startingWith } from './like';

/** The audit log, newest first, one page older than `before`. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditResponse> {
  const conditions: (SQL | undefined)[] = [
    lt(auditEntries.id, query.before),
    query.action ? like(auditEntries.action, startingWith(query.action)) : undefined,
    query.targetType ? eq(auditEntries.targetType, query.targetType) : undefined,
    query.actor ? ilike(auditEntries.actorEmail, containing(query.actor)) : undefined,
    query.from ? gte(auditEntries.at, new Date(query.from)) : undefined,
    query.to ? lte(auditEntries.at, new Date(query.to)) : undefined,
  ];
  const rows = await db
    .select()
    .from(auditEntries)
    .where(and(...conditions))
    .orderBy(desc(auditEntries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { entries: page.map(toAuditEntry), nextBefore: rows.length > query.limit ? page.at(-1)!.id : null };
}

function toAuditEntry(row: typeof auditEntries.$inferSelect): AuditEntry {
  return { ...row, at: row.at.toISOString(), before: row.before ?? null, after: row.after ?? null };
}
