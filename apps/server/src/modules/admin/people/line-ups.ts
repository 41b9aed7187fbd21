import { and, eq, sql } from 'drizzle-orm';
import type { LineUpReplacement, LineUpsResponse } from '@slipstream/contract';
import type { Db } from '../../../db/client';
import { lineUpAssignments, races, seasonEntrantDrivers } from '../../../db/schema';
import { badRequest, HttpError, notFound } from '../../../lib/errors';
import { loadLineUpAssignments, type LineUpAssignment } from '../../f1/line-ups';
import { loadConstructors, loadDrivers, loadTeamColours, teamColour } from '../../f1/people';
import { recordAudit } from '../audit';
import { requireConstructor, requireDrivers, type Edit } from './overrides';

async function seasonRounds(db: Db, year: number): Promise<number> {
  const rows = await db.select({ round: races.round }).from(races).where(eq(races.year, year));
  if (rows.length === 0) throw notFound(`No ${year} season`);
  return Math.max(...rows.map((r) => r.round));
}

/** Every team of the season with its imported race drivers and the admin's line-up, if any. */
export async function lineUps(db: Db, year: number): Promise<LineUpsResponse> {
  const rounds = await seasonRounds(db, year);
  const [entrants, assignments] = await Promise.all([
    db
      .select({ constructorId: seasonEntrantDrivers.constructorId, driverId: seasonEntrantDrivers.driverId, rounds: seasonEntrantDrivers.rounds })
      .from(seasonEntrantDrivers)
      .where(and(eq(seasonEntrantDrivers.year, year), eq(seasonEntrantDrivers.testDriver, false))),
    loadLineUpAssignments(db, year),
  ]);
  const imported = mergeByDriver(entrants);
  const teamIds = [...new Set([...imported.map((e) => e.constructorId), ...assignments.map((a) => a.constructorId)])];
  const driverIds = [...new Set([...imported.map((e) => e.driverId), ...assignments.map((a) => a.driverId)])];
  const [teams, people, colours] = await Promise.all([loadConstructors(db, teamIds), loadDrivers(db, driverIds), loadTeamColours(db, year)]);
  const seat = (a: LineUpAssignment) => ({ driverId: a.driverId, name: people.get(a.driverId)?.name ?? a.driverId, rounds: a.rounds });
  const byFirstRound = (a: LineUpAssignment, b: LineUpAssignment) => Math.min(...a.rounds) - Math.min(...b.rounds);
  return {
    season: year,
    rounds,
    teams: teamIds
      .map((id) => {
        const assigned = assignments.filter((a) => a.constructorId === id);
        return {
          constructorId: id,
          name: teams.get(id)?.name ?? id,
          colour: teamColour(colours, id),
          imported: imported.filter((e) => e.constructorId === id).sort(byFirstRound).map(seat),
          assigned: assigned.length > 0 ? assigned.sort(byFirstRound).map(seat) : null,
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name)),
    drivers: [...people.values()].map((p) => ({ id: p.id, name: p.name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** A driver entered by two entrant rows of one team (an engine change) is one seat with both rounds. */
function mergeByDriver(entrants: LineUpAssignment[]): LineUpAssignment[] {
  const merged = new Map<string, LineUpAssignment>();
  for (const e of entrants.filter((e) => e.rounds.length > 0)) {
    const key = `${e.constructorId}/${e.driverId}`;
    const seen = merged.get(key);
    merged.set(key, { ...e, rounds: [...new Set([...(seen?.rounds ?? []), ...e.rounds])].sort((a, b) => a - b) });
  }
  return [...merged.values()];
}

/** Sets a team's line-up: at most two drivers a round, rounds of the season, each driver once. */
export async function replaceLineUp(db: Db, year: number, constructorId: string, replacement: LineUpReplacement, edit: Edit) {
  const rounds = await seasonRounds(db, year);
  await requireConstructor(db, constructorId, notFound);
  const ids = replacement.drivers.map((d) => d.driverId);
  if (new Set(ids).size !== ids.length) throw badRequest('Invalid drivers: each driver once');
  await requireDrivers(db, ids);
  const seats = replacement.drivers.map((d) => ({ driverId: d.driverId, rounds: [...new Set(d.rounds)].sort((a, b) => a - b) }));
  const beyond = seats.flatMap((s) => s.rounds).find((r) => r > rounds);
  if (beyond) throw badRequest(`Invalid rounds: the ${year} season has ${rounds} rounds, not ${beyond}`);
  for (let round = 1; round <= rounds; round++) {
    if (seats.filter((s) => s.rounds.includes(round)).length > 2) throw badRequest(`Invalid rounds: more than two drivers in round ${round}`);
  }
  await db.transaction(async (tx) => {
    // Two admins entering one driver for two teams at once must not both pass the check below.
    await tx.execute(sql`lock table ${lineUpAssignments} in share row exclusive mode`);
    await refuseDoubleEntries(tx as Db, year, constructorId, seats);
    const before = await removeLineUp(tx as Db, year, constructorId);
    await tx.insert(lineUpAssignments).values(seats.map((s) => ({ year, constructorId, ...s, updatedAt: edit.at })));
    await recordAudit(tx as Db, { ...edit, action: 'team.line-up.update', target: { type: 'team', id: constructorId }, before: { year, drivers: before }, after: { year, drivers: seats } });
  });
}

/** A driver the admin entered for another team of the season in one of the same rounds is refused, by name. */
async function refuseDoubleEntries(db: Db, year: number, constructorId: string, seats: { driverId: string; rounds: number[] }[]) {
  const others = (await loadLineUpAssignments(db, year)).filter((a) => a.constructorId !== constructorId);
  const [clash] = seats.flatMap((seat) =>
    others
      .filter((other) => other.driverId === seat.driverId)
      .map((other) => ({ ...other, rounds: other.rounds.filter((round) => seat.rounds.includes(round)) }))
      .filter((other) => other.rounds.length > 0),
  );
  if (!clash) return;
  const [people, teams] = await Promise.all([loadDrivers(db, [clash.driverId]), loadConstructors(db, [clash.constructorId])]);
  const rounds = clash.rounds.length === 1 ? `round ${clash.rounds[0]}` : `rounds ${clash.rounds.join(', ')}`;
  throw new HttpError(
    409,
    `${people.get(clash.driverId)?.name ?? clash.driverId} is already entered for ${teams.get(clash.constructorId)?.name ?? clash.constructorId} in ${rounds}: take them out of that line-up first`,
  );
}

/** Back to the imported line-up. */
export async function revertLineUp(db: Db, year: number, constructorId: string, edit: Edit) {
  await requireConstructor(db, constructorId, notFound);
  await db.transaction(async (tx) => {
    const before = await removeLineUp(tx as Db, year, constructorId);
    await recordAudit(tx as Db, { ...edit, action: 'team.line-up.revert', target: { type: 'team', id: constructorId }, before: { year, drivers: before }, after: { year, drivers: [] } });
  });
}

async function removeLineUp(db: Db, year: number, constructorId: string) {
  const removed = await db
    .delete(lineUpAssignments)
    .where(and(eq(lineUpAssignments.year, year), eq(lineUpAssignments.constructorId, constructorId)))
    .returning({ driverId: lineUpAssignments.driverId, rounds: lineUpAssignments.rounds });
  return removed;
}
