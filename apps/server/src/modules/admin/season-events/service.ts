import {
  enteredTimeToUtc,
  type AdminSession,
  type AdminSessionParams,
  type SeasonEventsResponse,
  type SessionAdd,
  type SessionKind,
  type SessionTimeInput,
} from '@slipstream/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditEntries, circuits, raceSessions, races, sessionOverrides } from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import { HttpError, badRequest, notFound } from '../../../lib/errors';
import type { AuthenticatedUser } from '../../auth/guard';
import { loadSeasonMeetings, loadSeasonYears, importedSessions, normaliseTime } from '../../f1/calendar/queries';
import { loadSessionOverrides, type SessionOverride } from '../../f1/calendar/overrides';
import { describeSession, type SessionRecord } from '../../f1/calendar/timetable';
import { recordAudit } from '../audit';

const AUDIT_TARGET = 'session';
/** How many of the latest timetable changes the page lists. */
const RECENT_CHANGES = 8;

type Actor = Pick<AuthenticatedUser, 'id' | 'email'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What an override row says, for the audit log (null: the session is as imported). */
type OverrideState = Pick<SessionOverride, 'added' | 'cancelled' | 'removed'> & { startsAt: string | null };

/** A season's meetings with each session as shown and as imported; by default the clock's season. */
export async function seasonEvents(db: Db, clock: Clock, season: number | undefined): Promise<SeasonEventsResponse> {
  const seasons = await loadSeasonYears(db);
  const year = season ?? (seasons.includes(clock.now().getUTCFullYear()) ? clock.now().getUTCFullYear() : seasons.at(-1));
  if (year === undefined || !seasons.includes(year)) throw notFound(`No F1 season ${season} in the data`);
  const meetings = await loadSeasonMeetings(db, year);
  const raceIds = meetings.map((m) => m.raceId);
  const [sessionRows, raceRows, overrides, changes] = await Promise.all([
    raceIds.length ? db.select().from(raceSessions).where(inArray(raceSessions.raceId, raceIds)) : [],
    db.select({ id: races.id, date: races.date, time: races.time }).from(races).where(eq(races.year, year)),
    loadSessionOverrides(db, raceIds),
    db.select().from(auditEntries).where(eq(auditEntries.targetType, AUDIT_TARGET)).orderBy(desc(auditEntries.id)).limit(RECENT_CHANGES),
  ]);
  return {
    season: year,
    seasons,
    recentChanges: changes.map((row) => ({ ...row, at: row.at.toISOString(), before: row.before ?? null, after: row.after ?? null })),
    meetings: meetings.map((meeting) => {
      const raceRow = raceRows.find((r) => r.id === meeting.raceId)!;
      const imported = importedSessions(
        sessionRows,
        meeting.raceId,
        raceRow.date,
        normaliseTime(raceRow.time),
      );
      const shown = [...meeting.sessions, ...meeting.cancelledSessions];
      const own = overrides.filter((o) => o.raceId === meeting.raceId);
      const kinds = new Set([...imported, ...shown].map((s) => s.kind).concat(own.map((o) => o.kind)));
      const describe = (kind: SessionKind) => describeSession(kind, meeting.season, meeting.sprintQualifyingFormat);
      const sessions = [...kinds]
        .map((kind) => adminSession(kind, describe(kind), imported, shown, own))
        .sort((a, b) => sortKey(a) - sortKey(b));
      return {
        raceId: meeting.raceId,
        round: meeting.round,
        name: meeting.name,
        slug: meeting.slug,
        countryName: meeting.countryName,
        circuitName: meeting.circuit.name,
        timeZone: meeting.circuit.timeZone,
        sessions,
      };
    }),
  };
}

function adminSession(
  kind: SessionKind,
  description: string,
  imported: SessionRecord[],
  shown: SessionRecord[],
  overrides: SessionOverride[],
): AdminSession {
  const original = imported.find((s) => s.kind === kind) ?? null;
  const current = shown.find((s) => s.kind === kind) ?? original;
  const override = overrides.find((o) => o.kind === kind);
  return {
    kind,
    description,
    date: current?.date ?? override?.startsAt?.toISOString().slice(0, 10) ?? '',
    startsAtUtc: current?.startsAt ?? override?.startsAt?.toISOString() ?? null,
    imported: original ? { date: original.date, startsAtUtc: original.startsAt } : null,
    added: original === null,
    moved: Boolean(override?.startsAt) && original !== null,
    cancelled: override?.cancelled ?? false,
    removed: override?.removed ?? false,
  };
}

const sortKey = (s: AdminSession) => Date.parse(s.startsAtUtc ?? `${s.date}T00:00:00Z`);

/** The meeting a session belongs to, with what the import says about that session. */
async function sessionContext(db: Db, raceId: number, kind: SessionKind) {
  const [race] = await db
    .select({ id: races.id, year: races.year, date: races.date, time: races.time, timeZone: circuits.timeZone })
    .from(races)
    .innerJoin(circuits, eq(circuits.id, races.circuitId))
    .where(eq(races.id, raceId));
  if (!race) throw notFound(`No race ${raceId} in the data`);
  const rows = await db.select().from(raceSessions).where(eq(raceSessions.raceId, raceId)).orderBy(asc(raceSessions.kind));
  const imported = importedSessions(rows, raceId, race.date, normaliseTime(race.time)).find((s) => s.kind === kind) ?? null;
  const [override] = await db
    .select()
    .from(sessionOverrides)
    .where(and(eq(sessionOverrides.raceId, raceId), eq(sessionOverrides.kind, kind)));
  return { race, imported, override: override ?? null };
}

/** The entered time in UTC, checked: it exists at the circuit and falls in the season's year. */
function startInSeason(input: SessionTimeInput, race: { year: number; timeZone: string }): Date {
  const start = enteredTimeToUtc(input, race.timeZone);
  if (!start) throw badRequest(`Invalid time: ${input.date} ${input.time} does not exist in ${race.timeZone} (the clocks change)`);
  if (start.getUTCFullYear() !== race.year) throw badRequest(`Invalid date: the session must fall in the ${race.year} season`);
  return start;
}

const state = (override: SessionOverride | null): OverrideState | null =>
  override && {
    added: override.added,
    cancelled: override.cancelled,
    removed: override.removed,
    startsAt: override.startsAt?.toISOString() ?? null,
  };

type Change = { action: string; actor: Actor; clock: Clock; raceId: number; kind: SessionKind };

/** Writes the override (or deletes it for null) and its audit entry in one transaction. */
async function writeOverride(
  db: Db,
  change: Change,
  before: SessionOverride | null,
  after: Omit<SessionOverride, 'raceId' | 'kind' | 'updatedAt'> | null,
) {
  const at = change.clock.now();
  await db.transaction(async (tx: Tx) => {
    const key = and(eq(sessionOverrides.raceId, change.raceId), eq(sessionOverrides.kind, change.kind));
    if (after === null) {
      await tx.delete(sessionOverrides).where(key);
    } else {
      const row = { raceId: change.raceId, kind: change.kind, ...after, updatedAt: at };
      await tx.insert(sessionOverrides).values(row).onConflictDoUpdate({
        target: [sessionOverrides.raceId, sessionOverrides.kind],
        set: { ...after, updatedAt: at },
      });
    }
    await recordAudit(tx, {
      actor: change.actor,
      at,
      action: change.action,
      target: { type: AUDIT_TARGET, id: `${change.raceId}:${change.kind}` },
      before: state(before),
      after: after && { ...after, startsAt: after.startsAt?.toISOString() ?? null },
    });
  });
}

const unchanged = { added: false, startsAt: null, cancelled: false, removed: false };

export async function moveSession(db: Db, clock: Clock, actor: Actor, params: AdminSessionParams, input: SessionTimeInput) {
  const { race, imported, override } = await sessionContext(db, params.raceId, params.kind);
  if (!imported && !override) throw notFound(`No ${params.kind} session in race ${params.raceId}`);
  if (override?.removed) throw new HttpError(409, 'This session was deleted; restore it before moving it');
  const startsAt = startInSeason(input, race);
  await writeOverride(db, { action: 'session.move', actor, clock, ...params }, override, {
    ...(override ?? unchanged),
    startsAt,
  });
}

export async function addSession(db: Db, clock: Clock, actor: Actor, input: SessionAdd) {
  const { race, imported, override } = await sessionContext(db, input.raceId, input.kind);
  if (imported && !override?.removed) throw new HttpError(409, `This meeting already has a ${input.kind} session`);
  if (override?.added) throw new HttpError(409, `This meeting already has a ${input.kind} session`);
  const startsAt = startInSeason(input, race);
  // Adding back a kind the admin deleted from the import is moving that session and restoring it.
  const after = imported ? { ...unchanged, startsAt } : { ...unchanged, added: true, startsAt };
  await writeOverride(db, { action: 'session.add', actor, clock, raceId: input.raceId, kind: input.kind }, override, after);
}

export async function cancelSession(db: Db, clock: Clock, actor: Actor, params: AdminSessionParams, cancelled: boolean) {
  const { imported, override } = await sessionContext(db, params.raceId, params.kind);
  if ((!imported && !override) || override?.removed) throw notFound(`No ${params.kind} session in race ${params.raceId}`);
  if (params.kind === 'RACE') throw badRequest('Invalid session: the race cannot be cancelled here, only moved');
  const after = { ...(override ?? unchanged), cancelled };
  const isAsImported = !after.added && !after.startsAt && !after.cancelled && !after.removed;
  await writeOverride(db, { action: cancelled ? 'session.cancel' : 'session.uncancel', actor, clock, ...params }, override, isAsImported ? null : after);
}

/** Deletes a session: an added one goes, an imported one is marked removed (so a re-import keeps it gone). */
export async function deleteSession(db: Db, clock: Clock, actor: Actor, params: AdminSessionParams) {
  const { imported, override } = await sessionContext(db, params.raceId, params.kind);
  if ((!imported && !override) || override?.removed) throw notFound(`No ${params.kind} session in race ${params.raceId}`);
  if (params.kind === 'RACE') throw badRequest('Invalid session: the race cannot be deleted, only moved');
  const after = imported ? { ...unchanged, removed: true } : null;
  await writeOverride(db, { action: 'session.delete', actor, clock, ...params }, override, after);
}

/** Back to what the import says: the override goes (an added session goes with it). */
export async function revertSession(db: Db, clock: Clock, actor: Actor, params: AdminSessionParams) {
  const { override } = await sessionContext(db, params.raceId, params.kind);
  if (!override) throw notFound(`The ${params.kind} session of race ${params.raceId} has no change to revert`);
  await writeOverride(db, { action: 'session.revert', actor, clock, ...params }, override, null);
}
