import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessionOverrides } from '../../../db/schema';
import type { SessionRecord } from './timetable';

export type SessionOverride = typeof sessionOverrides.$inferSelect;

/** The admin's overrides of these meetings' sessions (see db/schema/season-events.ts). */
export function loadSessionOverrides(db: Db, raceIds: number[]): Promise<SessionOverride[]> {
  if (raceIds.length === 0) return Promise.resolve([]);
  return db.select().from(sessionOverrides).where(inArray(sessionOverrides.raceId, raceIds));
}

/**
 * A meeting's timetable as the admin has set it: imported sessions moved or removed, added ones included.
 * Cancelled sessions are given apart, so that nothing about the clock (next, running, finished, the meeting's
 * span) ever counts them. An added session whose kind the import has since gained moves that one instead.
 */
export function applySessionOverrides(
  imported: SessionRecord[],
  overrides: SessionOverride[],
): { sessions: SessionRecord[]; cancelled: SessionRecord[] } {
  const byKind = new Map(overrides.map((o) => [o.kind, o]));
  const importedKinds = new Set(imported.map((s) => s.kind));
  const added = overrides.flatMap((o) => (o.added && o.startsAt && !importedKinds.has(o.kind) ? [startingAt(o.kind, o.startsAt)] : []));
  const sessions: SessionRecord[] = [];
  const cancelled: SessionRecord[] = [];
  for (const session of [...imported, ...added]) {
    const override = byKind.get(session.kind);
    if (override?.removed) continue;
    const effective = override?.startsAt ? startingAt(session.kind, override.startsAt) : session;
    (override?.cancelled ? cancelled : sessions).push(effective);
  }
  return { sessions, cancelled };
}

function startingAt(kind: SessionRecord['kind'], startsAt: Date): SessionRecord {
  const iso = startsAt.toISOString();
  return { kind, date: iso.slice(0, 10), startsAt: iso };
}
