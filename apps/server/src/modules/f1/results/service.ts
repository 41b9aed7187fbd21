import { driverCode, practiceSessionKind, type ClassificationRow, type LastRaceSummary, type MeetingDetailResponse, type SessionKind } from '@slipstream/contract';
import { notFound } from '../../../lib/errors';
import type { MeetingRecord } from '../calendar/queries';
import { meetingFlags, meetingSummary, requireMeeting, requireSeason } from '../calendar/service';
import { sessionFinished } from '../calendar/timetable';
import { storedResults } from '../calendar/known';
import type { F1Context } from '../context';
import { loadConstructors, loadDrivers, loadTeamColours, teamColour, type ConstructorFacts, type DriverFacts, type TeamColours } from '../people';
import { seasonDrivers } from '../standings/service';
import {
  fastestLapsOf,
  firstGrandPrixYear,
  isProvisional,
  practiceClassifications,
  qualifyingClassifications,
  raceClassifications,
  type PracticeResultRow,
  type QualifyingResultRow,
  type RaceResultRow,
} from './queries';
import { finishStatus, winnerLapsByRace } from './status';

const PODIUM = 3;

/**
 * The home page's last-race summary, from that race's classification: the three best point scorers, the three
 * teams that scored most, and the three classified finishers who gained most places from the grid. A pit-lane
 * start counts as starting behind the whole grid.
 */
export async function raceSummary(ctx: F1Context, season: number, raceIdSlug: string): Promise<LastRaceSummary> {
  const separator = raceIdSlug.indexOf('_');
  const raceId = Number(raceIdSlug.slice(0, separator));
  const slug = raceIdSlug.slice(separator + 1);
  const meeting = (await requireSeason(ctx, season)).find((m) => m.raceId === raceId && m.slug === slug);
  if (!meeting) throw notFound(`No race ${raceIdSlug} in the ${season} season`);

  const rows = await raceClassifications(ctx.db, [raceId], 'RACE');
  const [drivers, teams, colours] = await Promise.all([
    loadDrivers(ctx.db, rows.map((r) => r.driverId)),
    loadConstructors(ctx.db, rows.map((r) => r.constructorId)),
    loadTeamColours(ctx.db, season),
  ]);
  const points = (row: RaceResultRow) => row.points ?? 0;
  const colourOf = (constructorId: string) => teamColour(colours, constructorId);

  const topDriverResults = rows
    .filter((row) => points(row) > 0)
    .sort((a, b) => points(b) - points(a) || a.positionDisplayOrder - b.positionDisplayOrder)
    .slice(0, PODIUM)
    .map((row) => ({
      driverFirstName: drivers.get(row.driverId)!.firstName,
      driverLastName: drivers.get(row.driverId)!.lastName,
      displayTeamName: teams.get(row.constructorId)!.name,
      racePoints: points(row),
      position: row.positionNumber ?? row.positionDisplayOrder,
      teamColour: colourOf(row.constructorId),
    }));

  const topTeamResults = teamRaceTotals(rows)
    .filter((total) => total.points > 0)
    .slice(0, PODIUM)
    .map(({ constructorId, points }) => ({ team: teams.get(constructorId)!.name, points, teamColour: colourOf(constructorId) }));

  const starters = rows.filter((row) => row.gridPosition !== null).length;
  const startSlot = (grid: string | null) => (grid === 'PL' ? starters : Number(grid));
  const posGained = rows
    .filter((row) => row.positionNumber !== null && row.gridPosition !== null && !Number.isNaN(startSlot(row.gridPosition)))
    .map((row) => ({ row, gained: startSlot(row.gridPosition) - row.positionNumber! }))
    .filter(({ gained }) => gained > 0)
    .sort((a, b) => b.gained - a.gained || a.row.positionNumber! - b.row.positionNumber!)
    .slice(0, PODIUM)
    .map(({ row, gained }) => ({
      driver_first_name: drivers.get(row.driverId)!.firstName,
      driver_last_name: drivers.get(row.driverId)!.lastName,
      team: teams.get(row.constructorId)!.name,
      gained,
      teamColour: colourOf(row.constructorId),
    }));

  return { topDriverResults, topTeamResults, posGained, provisional: rows.some(isProvisional) };
}

/** Each team's points in one race's classification, most first; a tie goes to the team whose car finished higher. */
export function teamRaceTotals(rows: RaceResultRow[]): { constructorId: string; points: number }[] {
  const totals = new Map<string, { points: number; best: number }>();
  for (const row of rows) {
    const total = totals.get(row.constructorId) ?? { points: 0, best: row.positionDisplayOrder };
    totals.set(row.constructorId, { points: total.points + (row.points ?? 0), best: Math.min(total.best, row.positionDisplayOrder) });
  }
  return [...totals.entries()]
    .sort(([, a], [, b]) => b.points - a.points || a.best - b.best)
    .map(([constructorId, { points }]) => ({ constructorId, points }));
}

/** A meeting's page: its schedule entry, the circuit's facts and every classification once it exists. */
export async function meetingDetail(ctx: F1Context, year: number, slug: string): Promise<MeetingDetailResponse> {
  const meeting = await requireMeeting(ctx, year, slug);
  // A classification is known once its session has finished by the racing clock.
  const raceIdsOnceFinished = (kind: SessionKind) => (sessionFinished(meeting.sessions, kind, ctx.now) ? [meeting.raceId] : []);
  // Old weekends list no practice in their timetable: their practice counts as over with the meeting.
  const practiceHeld = practiceSessionKind.options.filter((kind) => sessionFinished(meeting.sessions, kind, ctx.now));
  const [race, sprint, qualifying, sprintQualifying, laps, practice, firstYear, flags, stored] = await Promise.all([
    raceClassifications(ctx.db, raceIdsOnceFinished('RACE'), 'RACE'),
    raceClassifications(ctx.db, raceIdsOnceFinished('SPRINT'), 'SPRINT'),
    qualifyingClassifications(ctx.db, raceIdsOnceFinished('QUALIFYING'), 'QUALIFYING'),
    qualifyingClassifications(ctx.db, raceIdsOnceFinished('SPRINT_QUALIFYING'), 'SPRINT_QUALIFYING'),
    fastestLapsOf(ctx.db, raceIdsOnceFinished('RACE')),
    practiceClassifications(ctx.db, meeting.raceId, practiceHeld),
    firstGrandPrixYear(ctx.db, meeting.circuit.id),
    meetingFlags(ctx, meeting),
    storedResults(ctx, meeting.season),
  ]);
  const people = await peopleOf(ctx, year, [...race, ...sprint, ...qualifying, ...sprintQualifying, ...laps, ...practice]);
  const sessions: [SessionKind, { source: RaceResultRow['source'] }[]][] = [
    ...practiceHeld.map((kind): [SessionKind, PracticeResultRow[]] => [kind, practice.filter((row) => row.session === kind)]),
    ['SPRINT_QUALIFYING', sprintQualifying],
    ['SPRINT', sprint],
    ['QUALIFYING', qualifying],
    ['RACE', race],
  ];
  const fastest = laps.find((lap) => lap.positionNumber === 1);
  const raceWinnerLaps = winnerLapsByRace(race).get(meeting.raceId) ?? null;
  const sprintWinnerLaps = winnerLapsByRace(sprint).get(meeting.raceId) ?? null;

  return {
    ...meetingSummary(meeting, ctx.now, flags, stored),
    circuitFacts: circuitFacts(meeting, firstYear),
    results: {
      qualifying: qualifying.map((row) => qualifyingRow(row, people)),
      sprintQualifying: sprintQualifying.map((row) => qualifyingRow(row, people)),
      sprint: sprint.map((row) => raceRow(row, sprintWinnerLaps, people)),
      race: race.map((row) => raceRow(row, raceWinnerLaps, people)),
      fastestLap: fastest
        ? { driverName: people.drivers.get(fastest.driverId)!.name, time: fastest.time, lap: fastest.lap }
        : null,
      practice: practiceHeld
        .map((session) => ({ session, rows: practice.filter((row) => row.session === session).map((row) => practiceRow(row, people)) }))
        .filter((classification) => classification.rows.length > 0),
      provisional: sessions.filter(([, rows]) => rows.some(isProvisional)).map(([kind]) => kind),
    },
  };
}

function circuitFacts(meeting: MeetingRecord, firstYear: number | null): MeetingDetailResponse['circuitFacts'] {
  const { type, direction, length, turns, laps, distance } = meeting.facts;
  return { length, turns, direction, laps, distance, type, firstGrandPrixYear: firstYear };
}

type People = {
  drivers: Map<string, DriverFacts>;
  teams: Map<string, ConstructorFacts>;
  colours: TeamColours;
  codes: Map<string, string>;
};

/** The drivers and teams of a meeting's classifications, with the season's colours and driver route codes. */
async function peopleOf(ctx: F1Context, season: number, rows: { driverId: string; constructorId: string }[]): Promise<People> {
  const [drivers, teams, colours, seasonLineUp] = await Promise.all([
    loadDrivers(ctx.db, rows.map((r) => r.driverId)),
    loadConstructors(ctx.db, rows.map((r) => r.constructorId)),
    loadTeamColours(ctx.db, season),
    seasonDrivers(ctx, season),
  ]);
  return { drivers, teams, colours, codes: new Map(seasonLineUp.map((d) => [d._id, d.code])) };
}

function rowIdentity(row: { driverId: string; constructorId: string; driverNumber: string }, people: People) {
  const driver = people.drivers.get(row.driverId)!;
  return {
    driverId: row.driverId,
    driverCode: people.codes.get(row.driverId) ?? driverCode(driver.lastName),
    driverName: driver.name,
    driverNumber: row.driverNumber,
    teamName: people.teams.get(row.constructorId)!.name,
    teamColour: teamColour(people.colours, row.constructorId),
  };
}

/** A race or sprint row: the winner shows the race time, the others their gap ("+9.748", "+1 lap"). */
function raceRow(row: RaceResultRow, winnerLaps: number | null, people: People): ClassificationRow {
  return {
    positionText: row.positionText,
    positionNumber: row.positionNumber,
    ...rowIdentity(row, people),
    time: row.positionNumber === 1 ? row.time : (row.gap ?? row.time),
    status: finishStatus(row, winnerLaps),
    points: row.points ?? 0,
    grid: row.gridPosition,
    laps: row.laps,
    q1: null,
    q2: null,
    q3: null,
  };
}

/** A practice row: the best lap, the gap to the fastest, the laps run. */
function practiceRow(row: PracticeResultRow, people: People): ClassificationRow {
  return {
    positionText: row.positionText,
    positionNumber: row.positionNumber,
    ...rowIdentity(row, people),
    time: row.time,
    status: null,
    points: null,
    grid: null,
    laps: row.laps,
    q1: null,
    q2: null,
    q3: null,
    gap: row.gap,
  };
}

/** A qualifying row: its time is the one of the last part reached. */
function qualifyingRow(row: QualifyingResultRow, people: People): ClassificationRow {
  return {
    positionText: row.positionText,
    positionNumber: row.positionNumber,
    ...rowIdentity(row, people),
    time: row.q3 ?? row.q2 ?? row.q1 ?? row.time,
    status: null,
    points: null,
    grid: null,
    laps: row.laps,
    q1: row.q1,
    q2: row.q2,
    q3: row.q3,
  };
}
