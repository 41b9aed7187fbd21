import { and, desc, eq, ilike, lte, max, or, sql } from 'drizzle-orm';
import {
  driverFields,
  teamFields,
  type DriverField,
  type DriverOverridePatch,
  type DriverOverrideView,
  type PeopleSearchResponse,
  type TeamField,
  type TeamOverridePatch,
  type TeamOverrideView,
} from '@slipstream/contract';
import type { Db } from '../../../db/client';
import { auditEntries, constructors, countries, driverOverrides, drivers, raceResults, races, seasonEntrantDrivers, teamColours, teamOverrides } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import type { AuthenticatedUser } from '../../auth/guard';
import { flagSvg } from '../../f1/flags/flags';
import { recordAudit, type AuditRecord } from '../audit';

/** Who makes the change and when (the racing clock's now), for the audit entry. */
export type Edit = { actor: Pick<AuthenticatedUser, 'id' | 'email'>; at: Date };

type Values<F extends string> = Record<F, string | null>;
const emptyValues = <F extends string>(fields: readonly F[]) => Object.fromEntries(fields.map((f) => [f, null])) as Values<F>;
const pick = <F extends string>(fields: readonly F[], row: Partial<Record<F, string | null>> | undefined) =>
  Object.fromEntries(fields.map((f) => [f, row?.[f] ?? null])) as Values<F>;

// Drivers -------------------------------------------------------------------------------------------------------

export async function searchDrivers(db: Db, q: string): Promise<PeopleSearchResponse> {
  const latest = db
    .select({ driverId: seasonEntrantDrivers.driverId, year: max(seasonEntrantDrivers.year).as('latest_year') })
    .from(seasonEntrantDrivers)
    .groupBy(seasonEntrantDrivers.driverId)
    .as('latest');
  const rows = await db
    .select({ id: drivers.id, name: drivers.name, override: driverOverrides.driverId, latestYear: latest.year })
    .from(drivers)
    .leftJoin(latest, eq(latest.driverId, drivers.id))
    .leftJoin(driverOverrides, eq(driverOverrides.driverId, drivers.id))
    .where(q ? or(ilike(drivers.name, likePattern(q)), ilike(drivers.id, likePattern(q)), ilike(drivers.abbreviation, likePattern(q))) : undefined)
    .orderBy(sql`${latest.year} desc nulls last`, drivers.name)
    .limit(20);
  return rows.map(searchResult);
}

/** "last entered 2025 · edited": the most recent first, so the current grid comes up without typing. */
function searchResult(row: { id: string; name: string; override: string | null; latestYear: number | null }) {
  const detail = [row.latestYear ? `last entered ${row.latestYear}` : 'never entered', row.override ? 'edited' : null];
  return { id: row.id, name: row.name, detail: detail.filter(Boolean).join(' · ') };
}

const likePattern = (q: string) => `%${q.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * The editor's view of a driver. The imported team and colour are those the driver cards show without an
 * override: the team of the driver's latest result up to the featured season, in that season's colour.
 */
export async function driverOverrideView(db: Db, driverId: string, season?: number): Promise<DriverOverrideView> {
  const [row] = await db
    .select({ driver: drivers, alpha2: countries.alpha2Code, override: driverOverrides })
    .from(drivers)
    .innerJoin(countries, eq(countries.id, drivers.nationalityId))
    .leftJoin(driverOverrides, eq(driverOverrides.driverId, drivers.id))
    .where(eq(drivers.id, driverId));
  if (!row) throw notFound(`No driver ${driverId}`);
  const team = await latestTeamOf(db, driverId, season);
  const imported: Values<DriverField> = {
    ...emptyValues(driverFields),
    firstName: row.driver.firstName,
    lastName: row.driver.lastName,
    number: row.driver.permanentNumber,
    teamId: team?.constructorId ?? null,
    colour: team ? await importedColour(db, team.constructorId, season ?? team.year) : null,
    flag: row.alpha2?.toLowerCase() ?? null,
  };
  return {
    id: driverId,
    name: row.driver.name,
    imported,
    override: pick(driverFields, row.override ?? undefined),
    updatedAt: row.override?.updatedAt.toISOString() ?? null,
  };
}

/** The team of the driver's latest race or sprint result, with its season. */
async function latestTeamOf(db: Db, driverId: string, season?: number) {
  const [row] = await db
    .select({ constructorId: raceResults.constructorId, year: races.year })
    .from(raceResults)
    .innerJoin(races, eq(races.id, raceResults.raceId))
    .where(and(eq(raceResults.driverId, driverId), season ? lte(races.year, season) : undefined))
    .orderBy(desc(races.year), desc(races.round))
    .limit(1);
  return row ?? null;
}

/** The built-in colour of a team: of this season, else of its latest season in the table. */
async function importedColour(db: Db, constructorId: string, year?: number): Promise<string | null> {
  const [row] = await db
    .select({ colour: teamColours.colour })
    .from(teamColours)
    .where(eq(teamColours.constructorId, constructorId))
    .orderBy(...(year ? [sql`${teamColours.year} = ${year} desc`] : []), desc(teamColours.year))
    .limit(1);
  if (!row) return null;
  return `#${row.colour.replace(/^#/, '').toUpperCase()}`;
}

export async function updateDriverOverride(db: Db, driverId: string, patch: DriverOverridePatch, edit: Edit, season?: number): Promise<DriverOverrideView> {
  await driverOverrideView(db, driverId, season); // 404 for an unknown driver
  if (patch.teamId) await requireConstructor(db, patch.teamId);
  if (patch.flag && !flagSvg(patch.flag)) throw badRequest(`Invalid flag: no flag for the country code ${patch.flag}`);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(driverOverrides).where(eq(driverOverrides.driverId, driverId));
    const before = pick(driverFields, current);
    const after = { ...before, ...patch };
    if (Object.values(after).every((value) => value === null)) {
      await tx.delete(driverOverrides).where(eq(driverOverrides.driverId, driverId));
    } else {
      await tx
        .insert(driverOverrides)
        .values({ driverId, ...after, updatedAt: edit.at })
        .onConflictDoUpdate({ target: driverOverrides.driverId, set: { ...after, updatedAt: edit.at } });
    }
    await recordAudit(tx as Db, overrideUpdated(edit, { type: 'driver', id: driverId }, before, after));
  });
  return driverOverrideView(db, driverId, season);
}

export async function revertDriverOverride(db: Db, driverId: string, edit: Edit, season?: number): Promise<DriverOverrideView> {
  await driverOverrideView(db, driverId, season);
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(driverOverrides).where(eq(driverOverrides.driverId, driverId)).returning();
    await recordAudit(tx as Db, overrideReverted(edit, { type: 'driver', id: driverId }, removed && pick(driverFields, removed)));
  });
  return driverOverrideView(db, driverId, season);
}

// Teams ---------------------------------------------------------------------------------------------------------

export async function searchTeams(db: Db, q: string): Promise<PeopleSearchResponse> {
  const latest = db
    .select({ constructorId: seasonEntrantDrivers.constructorId, year: max(seasonEntrantDrivers.year).as('latest_year') })
    .from(seasonEntrantDrivers)
    .groupBy(seasonEntrantDrivers.constructorId)
    .as('latest');
  const rows = await db
    .select({ id: constructors.id, name: constructors.name, override: teamOverrides.constructorId, latestYear: latest.year })
    .from(constructors)
    .leftJoin(latest, eq(latest.constructorId, constructors.id))
    .leftJoin(teamOverrides, eq(teamOverrides.constructorId, constructors.id))
    .where(q ? or(ilike(constructors.name, likePattern(q)), ilike(constructors.id, likePattern(q))) : undefined)
    .orderBy(sql`${latest.year} desc nulls last`, constructors.name)
    .limit(20);
  return rows.map(searchResult);
}

/** The editor's view of a team; the imported colour is the featured season's (else the team's latest). */
export async function teamOverrideView(db: Db, constructorId: string, season?: number): Promise<TeamOverrideView> {
  const [row] = await db
    .select({ team: constructors, override: teamOverrides })
    .from(constructors)
    .leftJoin(teamOverrides, eq(teamOverrides.constructorId, constructors.id))
    .where(eq(constructors.id, constructorId));
  if (!row) throw notFound(`No team ${constructorId}`);
  const imported: Values<TeamField> = {
    ...emptyValues(teamFields),
    name: row.team.name,
    fullName: row.team.fullName,
    colour: await importedColour(db, constructorId, season),
  };
  return {
    id: constructorId,
    name: row.team.name,
    imported,
    override: pick(teamFields, row.override ?? undefined),
    updatedAt: row.override?.updatedAt.toISOString() ?? null,
  };
}

export async function updateTeamOverride(db: Db, constructorId: string, patch: TeamOverridePatch, edit: Edit, season?: number): Promise<TeamOverrideView> {
  await requireConstructor(db, constructorId, notFound);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(teamOverrides).where(eq(teamOverrides.constructorId, constructorId));
    const before = pick(teamFields, current);
    const after = { ...before, ...patch };
    if (Object.values(after).every((value) => value === null)) {
      await tx.delete(teamOverrides).where(eq(teamOverrides.constructorId, constructorId));
    } else {
      await tx
        .insert(teamOverrides)
        .values({ constructorId, ...after, updatedAt: edit.at })
        .onConflictDoUpdate({ target: teamOverrides.constructorId, set: { ...after, updatedAt: edit.at } });
    }
    await recordAudit(tx as Db, overrideUpdated(edit, { type: 'team', id: constructorId }, before, after));
  });
  return teamOverrideView(db, constructorId, season);
}

export async function revertTeamOverride(db: Db, constructorId: string, edit: Edit, season?: number): Promise<TeamOverrideView> {
  await requireConstructor(db, constructorId, notFound);
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(teamOverrides).where(eq(teamOverrides.constructorId, constructorId)).returning();
    await recordAudit(tx as Db, overrideReverted(edit, { type: 'team', id: constructorId }, removed && pick(teamFields, removed)));
  });
  return teamOverrideView(db, constructorId, season);
}

/** The audit entries of one driver or team, newest first (the latest 50). */
export async function overrideHistory(db: Db, targetType: 'driver' | 'team', targetId: string) {
  const rows = await db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.targetType, targetType), eq(auditEntries.targetId, targetId)))
    .orderBy(desc(auditEntries.id))
    .limit(50);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

// Shared --------------------------------------------------------------------------------------------------------

export async function requireConstructor(db: Db, constructorId: string, error: (message: string) => Error = badRequest) {
  const [row] = await db.select({ id: constructors.id }).from(constructors).where(eq(constructors.id, constructorId));
  if (!row) throw error(`No team ${constructorId}`);
}

export async function requireDrivers(db: Db, driverIds: string[]) {
  const rows = await db.select({ id: drivers.id }).from(drivers).where(or(...driverIds.map((id) => eq(drivers.id, id))));
  const missing = driverIds.find((id) => !rows.some((row) => row.id === id));
  if (missing) throw badRequest(`No driver ${missing}`);
}

/** The audit entry's before and after: only the fields that changed. */
type OverrideTarget = { type: 'driver' | 'team'; id: string };

/** The audit entry of an override edit: the fields it changed, before and after. */
function overrideUpdated<F extends string>(edit: Edit, target: OverrideTarget, before: Values<F>, after: Values<F>): AuditRecord {
  return { ...edit, action: `${target.type}.override.update`, target, ...changed(before, after) };
}

/** The audit entry of a reverted override: the values it held (none if there was no override), nothing after. */
function overrideReverted<F extends string>(edit: Edit, target: OverrideTarget, removed: Values<F> | undefined): AuditRecord {
  return { ...edit, action: `${target.type}.override.revert`, target, before: removed ? nonNull(removed) : {}, after: {} };
}

function changed<F extends string>(before: Values<F>, after: Values<F>) {
  const keys = (Object.keys(after) as F[]).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

function nonNull(values: Record<string, string | null>) {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
}

