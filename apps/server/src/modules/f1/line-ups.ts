import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lineUpAssignments } from '../../db/schema';

export type LineUpAssignment = { constructorId: string; driverId: string; rounds: number[] };

/** The admin's line-ups of a season (/update-teams, written by the admin module), for the team and driver cards. */
export function loadLineUpAssignments(db: Db, year: number): Promise<LineUpAssignment[]> {
  return db
    .select({ constructorId: lineUpAssignments.constructorId, driverId: lineUpAssignments.driverId, rounds: lineUpAssignments.rounds })
    .from(lineUpAssignments)
    .where(eq(lineUpAssignments.year, year))
    .orderBy(lineUpAssignments.constructorId, lineUpAssignments.driverId);
}

/**
 * The team an assignment places a driver in after a round: the one they drove the latest assigned round up to it
 * for, else (before their first) the one of their first assigned round.
 */
export function assignedTeamAfter(assignments: LineUpAssignment[], driverId: string, round: number): string | null {
  const own = assignments.filter((a) => a.driverId === driverId);
  const latest = (a: LineUpAssignment) => Math.max(0, ...a.rounds.filter((r) => r <= round));
  const driven = own.filter((a) => latest(a) > 0).sort((a, b) => latest(b) - latest(a))[0];
  return (driven ?? own.sort((a, b) => Math.min(...a.rounds) - Math.min(...b.rounds))[0])?.constructorId ?? null;
}
