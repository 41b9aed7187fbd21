import { asc, desc, eq, ne } from 'drizzle-orm';
import type { FreshnessSource, ProvisionalRace, SessionKind, SourceCheckResponse, SourceState, SourcesResponse } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { drivers, grandsPrix, practiceResults, provisionalDifferences, qualifyingResults, raceResults, races } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { FreshnessJobs } from '../../ingest/sources/jobs';
import { readSourceStatus, type SourceStatusRow } from '../../ingest/source-status';
import type { AuthenticatedUser } from '../auth/guard';
import { recordAudit } from './audit';

const LABELS: Record<FreshnessSource, string> = { 'f1db-release': 'F1DB releases', 'live-timing': 'F1 live timing' };
const DIFFERENCES_SHOWN = 50;
const CHECKING_ELSEWHERE = 'Another instance of the site is checking this source now; its result shows here once it is done.';

/** The dashboard's sources: each one's state, the races still provisional, and the latest provisional-vs-official differences. */
export async function sourcesOverview(db: Db, jobs: FreshnessJobs): Promise<SourcesResponse> {
  const [statuses, provisionalRaces, differences] = await Promise.all([readSourceStatus(db), racesStillProvisional(db), latestDifferences(db)]);
  return {
    sources: (['f1db-release', 'live-timing'] as const).map((source) => sourceState(source, jobs, statuses.get(source))),
    provisionalRaces,
    differences,
  };
}

function sourceState(source: FreshnessSource, jobs: FreshnessJobs, row: SourceStatusRow | undefined): SourceState {
  const job = source === 'f1db-release' ? jobs.release : jobs.liveTiming;
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  return {
    source,
    label: LABELS[source],
    url: job.url,
    scheduled: job.scheduled,
    version: row?.version ?? null,
    detail: row?.detail ?? null,
    lastCheckAt: iso(row?.lastCheckAt),
    nextCheckAt: job.scheduled ? iso(row?.nextCheckAt) : null,
    lastSuccessAt: iso(row?.lastSuccessAt),
    lastErrorAt: iso(row?.lastErrorAt),
    lastError: row?.lastError ?? null,
  };
}

/** Every race weekend holding provisional rows, with the sessions they are in, in calendar order. */
async function racesStillProvisional(db: Db): Promise<ProvisionalRace[]> {
  const provisionalSessions = (table: typeof raceResults | typeof qualifyingResults | typeof practiceResults) =>
    db.selectDistinct({ raceId: table.raceId, session: table.session }).from(table).where(ne(table.source, 'F1DB'));
  const sessions = (await Promise.all([provisionalSessions(raceResults), provisionalSessions(qualifyingResults), provisionalSessions(practiceResults)])).flat();
  if (sessions.length === 0) return [];
  const weekends = await db
    .select({ raceId: races.id, season: races.year, round: races.round, meetingName: grandsPrix.fullName })
    .from(races)
    .innerJoin(grandsPrix, eq(grandsPrix.id, races.grandPrixId))
    .orderBy(asc(races.year), asc(races.round));
  return weekends.flatMap((weekend) => {
    const held = sessions.filter((s) => s.raceId === weekend.raceId).map((s) => s.session as SessionKind);
    return held.length > 0 ? [{ ...weekend, sessions: held }] : [];
  });
}

async function latestDifferences(db: Db): Promise<SourcesResponse['differences']> {
  const rows = await db
    .select({
      id: provisionalDifferences.id,
      season: races.year,
      round: races.round,
      meetingName: grandsPrix.fullName,
      session: provisionalDifferences.session,
      driverName: drivers.name,
      provisionalPosition: provisionalDifferences.provisionalPosition,
      officialPosition: provisionalDifferences.officialPosition,
      provisionalPoints: provisionalDifferences.provisionalPoints,
      officialPoints: provisionalDifferences.officialPoints,
      foundAt: provisionalDifferences.foundAt,
      importVersion: provisionalDifferences.importVersion,
    })
    .from(provisionalDifferences)
    .innerJoin(races, eq(races.id, provisionalDifferences.raceId))
    .innerJoin(grandsPrix, eq(grandsPrix.id, races.grandPrixId))
    .innerJoin(drivers, eq(drivers.id, provisionalDifferences.driverId))
    .orderBy(desc(provisionalDifferences.id))
    .limit(DIFFERENCES_SHOWN);
  return rows.map((row) => ({ ...row, session: row.session as SessionKind, foundAt: row.foundAt.toISOString() }));
}

/**
 * "Check now" for one source: runs its check at once (whatever its schedule), then records who asked and what came of
 * it in the audit log.
 */
export async function checkSourceNow(
  db: Db,
  jobs: FreshnessJobs,
  source: FreshnessSource,
  actor: Pick<AuthenticatedUser, 'id' | 'email'>,
  clock: Clock,
): Promise<SourceCheckResponse> {
  const startedAt = new Date();
  await (source === 'f1db-release' ? jobs.release : jobs.liveTiming).job.checkNow();
  const row = (await readSourceStatus(db)).get(source);
  const state = sourceState(source, jobs, row);
  const failed = row?.lastErrorAt !== undefined && row.lastErrorAt !== null && row.lastErrorAt >= startedAt;
  // No check recorded since the click: another instance holds the job's lock and is checking.
  const elsewhere = !row?.lastCheckAt || row.lastCheckAt < startedAt;
  const message = elsewhere
    ? CHECKING_ELSEWHERE
    : [state.detail ?? 'Checked.', failed ? row.lastError : ''].filter(Boolean).join(' ');
  await db.transaction((tx) =>
    recordAudit(tx, { actor, at: clock.now(), action: 'source.check', target: { type: 'source', id: source }, after: { message, version: state.version } }),
  );
  return { message, state };
}
