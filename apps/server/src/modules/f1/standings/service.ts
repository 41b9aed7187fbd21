import type { Driver, DriverDetail, DriverRaceResult, ResultsKnown, Team } from '@slipstream/contract';
import { remember } from '../../../lib/cache';
import { notFound } from '../../../lib/errors';
import { racesFinished, racesWithResults, resultsKnownAfter } from '../calendar/known';
import { lastFinishedRound, requireSeason, seasonMeetings } from '../calendar/service';
import { meetingWindow, sessionFinished } from '../calendar/timetable';
import { DATA_TTL_SECONDS, dataKey, type F1Context } from '../context';
import { flagUrl } from '../flags/flags';
import { assignedTeamAfter, loadLineUpAssignments, type LineUpAssignment } from '../line-ups';
import { displayExtras, loadConstructors, loadDrivers, loadTeamColours, teamColour } from '../people';
import { isProvisional } from '../results/queries';
import { finishStatus, winnerLapsByRace } from '../results/status';
import { assignDriverCodes } from './codes';
import {
  careerNumbers,
  constructorStandingsAfter,
  driverPointsByRace,
  driverStandingsAfter,
  hasProvisionalStandings,
  latestImportTime,
  latestStandingsRace,
  seasonEntrants,
  seasonEntries,
  seasonsLed,
  type CareerKnownUpTo,
  type SeasonEntry,
} from './queries';

/**
 * The round the season's standings are read after: the last whose race has finished by the clock, or the next one
 * once its sprint has finished when live timing has already given that sprint's provisional standings (F1DB's
 * standings of a round always include its race).
 */
async function standingsRound(ctx: F1Context, season: number): Promise<number> {
  const lastFinished = await lastFinishedRound(ctx, season);
  const next = (await seasonMeetings(ctx, season)).find((m) => m.round === lastFinished + 1);
  const sprintRun = next?.sessions.some((s) => s.kind === 'SPRINT') && sessionFinished(next.sessions, 'SPRINT', ctx.now);
  if (!sprintRun) return lastFinished;
  const provisional = await remember(ctx.cache, dataKey(ctx, 'provisional-standings', next!.raceId), DATA_TTL_SECONDS, () => hasProvisionalStandings(ctx.db, next!.raceId));
  return provisional ? next!.round : lastFinished;
}

/**
 * The race a season's standings are read after: the latest finished by the clock (up to round upTo) that has
 * standings, whichever source they came from. When the data is behind the clock that is an earlier race, and
 * the answer says how many finished races are still missing their results.
 */
async function standingsRace(ctx: F1Context, season: number, upTo: number): Promise<{ raceId: number | null; known: ResultsKnown }> {
  const [meetings, latest, withResults] = await Promise.all([
    seasonMeetings(ctx, season),
    latestStandingsRace(ctx.db, season, upTo),
    racesWithResults(ctx, season),
  ]);
  const after = meetings.find((m) => m.raceId === latest?.raceId) ?? null;
  return { raceId: after?.raceId ?? null, known: resultsKnownAfter(after, racesFinished(meetings, ctx.now), withResults) };
}

/**
 * A season's teams with the standings after its latest race with standings finished by the clock (or a provisional
 * sprint since). pilot_1 and pilot_2 are the line-up fans know: the race drivers entered for the next round to run
 * (the last one once the season is over), or, for a team an admin set the line-up of (/update-teams), the assigned
 * drivers of that round.
 */
export async function seasonTeams(ctx: F1Context, season: number): Promise<Team[]> {
  const lastRound = (await requireSeason(ctx, season)).at(-1)!.round;
  const lineUpRound = Math.min((await lastFinishedRound(ctx, season)) + 1, lastRound);
  const upTo = await standingsRound(ctx, season);
  return remember(ctx.cache, dataKey(ctx, 'teams', season, upTo), DATA_TTL_SECONDS, async () => {
    const [allEntrants, entries, after, importedAt, assignments] = await Promise.all([
      seasonEntrants(ctx.db, season),
      seasonEntries(ctx.db, season, upTo),
      standingsRace(ctx, season, upTo),
      latestImportTime(ctx.db),
      loadLineUpAssignments(ctx.db, season),
    ]);
    const standings = after.raceId === null ? [] : await constructorStandingsAfter(ctx.db, after.raceId);
    const entered = entrantsSoFar(allEntrants, upTo);
    const constructorIds = unique([...entered.map((e) => e.constructorId), ...entries.map((e) => e.constructorId), ...assignments.map((a) => a.constructorId)]);
    const lineUpOf = (id: string) => {
      const assigned = assignments.filter((a) => a.constructorId === id).map((a) => ({ ...a, testDriver: false }));
      if (assigned.length > 0) return lineUp(assigned, lineUpRound);
      return lineUp(withoutAssignedElsewhere(allEntrants.filter((e) => e.constructorId === id), assignments, lineUpRound), lineUpRound);
    };
    const pilots = new Map(constructorIds.map((id) => [id, lineUpOf(id)]));
    const [teams, people, colours] = await Promise.all([
      loadConstructors(ctx.db, constructorIds),
      loadDrivers(ctx.db, [...pilots.values()].flat()),
      loadTeamColours(ctx.db, season),
    ]);
    const wins = countBy(entries.filter(isRaceWin), (e) => e.constructorId);
    // A constructor racing two engines has two rows; its best one places it.
    const standingOf = (id: string) => standings.find((s) => s.constructorId === id);
    const pilotName = (ids: string[], i: number) => (ids[i] ? (people.get(ids[i])?.name ?? null) : null);

    return constructorIds
      .map((id): Team => {
        const standing = standingOf(id);
        const team = teams.get(id);
        return {
          _id: id,
          name: team?.name ?? id,
          fullName: team?.fullName ?? id,
          pozitie: standing?.positionNumber ?? null,
          nrpuncte: standing?.points ?? null,
          curseCastigate: after.raceId === null ? null : (wins.get(id) ?? 0),
          liked_by: 0,
          pilot_1: pilotName(pilots.get(id) ?? [], 0),
          pilot_2: pilotName(pilots.get(id) ?? [], 1),
          logo: null,
          masinaPoza: null,
          culoareEchipa: teamColour(colours, id),
          // An import always records itself; the epoch only marks data loaded by other means.
          createdAt: (importedAt ?? new Date(0)).toISOString(),
          provisional: standing ? isProvisional(standing) : false,
          ...(team ? displayExtras(team.display) : {}),
          standingsAfter: after.known,
        };
      })
      .sort((a, b) => byStanding(standingOf(a._id)?.positionDisplayOrder, standingOf(b._id)?.positionDisplayOrder) || a.name.localeCompare(b.name));
  });
}

/** The admin's line-up drivers who drove by this round (all of them before the first race). */
function assignedSoFar(assignments: LineUpAssignment[], upTo: number): LineUpAssignment[] {
  return upTo === 0 ? assignments : assignments.filter((a) => a.rounds.some((round) => round <= upTo));
}

/** Before the first race the whole line-up; after it, only the rounds entered so far. */
function entrantsSoFar<E extends { rounds: number[] }>(entrants: E[], upTo: number): E[] {
  if (upTo === 0) return entrants;
  return entrants.map((e) => ({ ...e, rounds: e.rounds.filter((round) => round <= upTo) })).filter((e) => e.rounds.length > 0);
}

/**
 * A team's imported entrants less what the admin's line-ups of other teams took: the rounds a driver was assigned
 * elsewhere, and the driver altogether when assigned elsewhere for the line-up's round (a driver moved away does
 * not fill an empty seat of the old team).
 */
function withoutAssignedElsewhere<E extends { constructorId: string; driverId: string; rounds: number[] }>(
  entrants: E[],
  assignments: LineUpAssignment[],
  round: number,
): E[] {
  const elsewhere = (e: E) => assignments.filter((a) => a.driverId === e.driverId && a.constructorId !== e.constructorId).flatMap((a) => a.rounds);
  return entrants
    .filter((e) => !elsewhere(e).includes(round))
    .map((e) => ({ ...e, rounds: e.rounds.filter((r) => !elsewhere(e).includes(r)) }));
}

/** A team's two race drivers for a round; drivers with the most rounds fill a seat nobody is entered for. */
function lineUp(entrants: { driverId: string; rounds: number[]; testDriver: boolean }[], round: number): string[] {
  const racing = entrants.filter((e) => e.rounds.includes(round));
  return unique([...mostEnteredDrivers(racing), ...mostEnteredDrivers(entrants)]).slice(0, 2);
}

function mostEnteredDrivers(entrants: { driverId: string; rounds: number[]; testDriver: boolean }[]): string[] {
  const byDriver = new Map<string, { rounds: number; first: number }>();
  for (const e of entrants.filter((e) => !e.testDriver && e.rounds.length > 0)) {
    const seen = byDriver.get(e.driverId) ?? { rounds: 0, first: Number.POSITIVE_INFINITY };
    byDriver.set(e.driverId, { rounds: seen.rounds + e.rounds.length, first: Math.min(seen.first, ...e.rounds) });
  }
  return [...byDriver.entries()]
    .sort(([a, x], [b, y]) => y.rounds - x.rounds || x.first - y.first || a.localeCompare(b))
    .slice(0, 2)
    .map(([id]) => id);
}

/**
 * A season's race drivers, best placed first: everyone with a race or sprint result, and every race driver
 * entered (so a season not yet started lists its line-up). A driver's team is the one of their latest result,
 * else of their first entered round; their number the one they last raced with. An admin's edits win: the team
 * and colour set in the driver editor, then the team of the line-up set in /update-teams; the number set.
 * A driver without a standing (one whose first race is not in the standings yet) comes last, unclassified.
 */
export async function seasonDrivers(ctx: F1Context, season: number): Promise<Driver[]> {
  await requireSeason(ctx, season);
  const upTo = await standingsRound(ctx, season);
  return remember(ctx.cache, dataKey(ctx, 'drivers', season, upTo), DATA_TTL_SECONDS, async () => {
    const [entrants, entries, after, assignments] = await Promise.all([
      seasonEntrants(ctx.db, season),
      seasonEntries(ctx.db, season, upTo),
      standingsRace(ctx, season, upTo),
      loadLineUpAssignments(ctx.db, season),
    ]);
    const standings = after.raceId === null ? [] : await driverStandingsAfter(ctx.db, after.raceId);
    const raceDrivers = entrantsSoFar(entrants, upTo).filter((e) => !e.testDriver && e.rounds.length > 0);
    const ids = unique([...entries.map((e) => e.driverId), ...raceDrivers.map((e) => e.driverId), ...assignedSoFar(assignments, upTo).map((a) => a.driverId)]);
    const lastEntry = (id: string) => entries.findLast((e) => e.driverId === id);
    const firstTeam = (id: string) =>
      raceDrivers.filter((e) => e.driverId === id).sort((a, b) => Math.min(...a.rounds) - Math.min(...b.rounds))[0]?.constructorId ?? null;
    const [people, colours] = await Promise.all([loadDrivers(ctx.db, ids), loadTeamColours(ctx.db, season)]);
    const teamIdOf = new Map(
      ids.map((id) => [
        id,
        people.get(id)?.display.teamId ?? assignedTeamAfter(assignments, id, upTo) ?? lastEntry(id)?.constructorId ?? firstTeam(id),
      ]),
    );
    const teams = await loadConstructors(ctx.db, [...teamIdOf.values()].filter((id): id is string => id !== null));
    const standingOf = (id: string) => standings.find((s) => s.driverId === id);
    const ordered = ids
      .filter((id) => people.has(id))
      .map((id) => people.get(id)!)
      .sort(
        (a, b) =>
          byStanding(standingOf(a.id)?.positionDisplayOrder, standingOf(b.id)?.positionDisplayOrder) ||
          a.lastName.localeCompare(b.lastName),
      );
    const codes = assignDriverCodes(ordered);

    return ordered.map((person): Driver => {
      const standing = standingOf(person.id);
      const teamId = teamIdOf.get(person.id) ?? null;
      return {
        _id: person.id,
        code: codes.get(person.id)!,
        primulNume: person.firstName,
        alDoileaNume: person.lastName,
        echipa: teamId ? (teams.get(teamId)?.name ?? null) : null,
        constructorId: teamId,
        puncte: standing?.points ?? null,
        pozitie: standing?.positionNumber ?? null,
        culoare: person.display.colour ?? teamColour(colours, teamId),
        steag: flagUrl(person.nationalityAlpha2),
        poza: null,
        nrFani: 0,
        number: person.display.number ?? lastEntry(person.id)?.driverNumber ?? person.permanentNumber,
        abbreviation: person.abbreviation,
        nationality: person.nationality,
        provisional: standing ? isProvisional(standing) : false,
        standingsAfter: after.known,
      };
    });
  });
}

/** The season's driver with this route code (any letter case), else a 404. */
export async function requireDriver(ctx: F1Context, season: number, code: string): Promise<Driver> {
  const driver = (await seasonDrivers(ctx, season)).find((d) => d.code === code.toUpperCase());
  if (!driver) throw notFound(`No driver ${code.toUpperCase()} in the ${season} season`);
  return driver;
}

/** A driver's season race by race, with the championship points after each, and career numbers. */
export async function driverDetail(ctx: F1Context, season: number, code: string): Promise<DriverDetail> {
  const driver = await requireDriver(ctx, season, code);
  const [upTo, careerUpTo] = await Promise.all([standingsRound(ctx, season), careerKnownUpTo(ctx)]);
  const careerKey = `${careerUpTo.raceRound}.${careerUpTo.qualifyingRound}`;
  const { led, ...detail } = await remember(ctx.cache, dataKey(ctx, 'driver', season, upTo, careerKey, driver._id), DATA_TTL_SECONDS, async () => {
    const [people, meetings, entries, pointsAfter, career, led] = await Promise.all([
      loadDrivers(ctx.db, [driver._id]),
      seasonMeetings(ctx, season),
      seasonEntries(ctx.db, season, upTo),
      driverPointsByRace(ctx.db, season, driver._id),
      careerNumbers(ctx.db, driver._id, careerUpTo),
      seasonsLed(ctx.db, driver._id),
    ]);
    const person = people.get(driver._id)!;
    const winnerLaps = winnerLapsByRace(entries.filter((e) => e.session === 'RACE'));
    const own = entries.filter((e) => e.driverId === driver._id);
    let cumulative = 0;
    const results = meetings.flatMap((meeting): DriverRaceResult[] => {
      const race = own.find((e) => e.raceId === meeting.raceId && e.session === 'RACE');
      const sprint = own.find((e) => e.raceId === meeting.raceId && e.session === 'SPRINT');
      if (!race && !sprint) return [];
      const points = race?.points ?? 0;
      const sprintPoints = sprint?.points ?? 0;
      // The standings are the authority (they carry penalties and dropped scores); the sum stands in without them.
      cumulative = pointsAfter.get(meeting.raceId) ?? cumulative + points + sprintPoints;
      return [
        {
          round: meeting.round,
          raceId: meeting.raceId,
          meetingName: meeting.name,
          slug: meeting.slug,
          date: meeting.date,
          countryName: meeting.countryName,
          grid: race?.gridPosition ?? null,
          positionText: race?.positionText ?? null,
          points,
          sprintPositionText: sprint?.positionText ?? null,
          sprintPoints,
          status: race ? finishStatus(race, winnerLaps.get(meeting.raceId) ?? null) : null,
          cumulativePoints: cumulative,
          provisional: [race, sprint].some((entry) => entry !== undefined && isProvisional(entry)),
        },
      ];
    });
    return {
      ...driver,
      fullName: person.fullName,
      dateOfBirth: person.dateOfBirth,
      placeOfBirth: person.placeOfBirth,
      nationalityCountryName: person.nationalityCountryName,
      ...displayExtras(person.display),
      season,
      results,
      career,
      led,
    };
  });
  // Whether a led season is won depends on the clock, so it is counted outside the cache.
  return { ...detail, career: { ...detail.career, championships: await finishedSeasons(ctx, led) } };
}

/** The rounds of the clock's year whose race and whose qualifying have finished; earlier seasons count whole. */
async function careerKnownUpTo(ctx: F1Context): Promise<CareerKnownUpTo> {
  const year = ctx.now.getUTCFullYear();
  const meetings = await seasonMeetings(ctx, year);
  const lastRoundWith = (kind: 'RACE' | 'QUALIFYING') => meetings.filter((m) => sessionFinished(m.sessions, kind, ctx.now)).at(-1)?.round ?? 0;
  return { year, raceRound: lastRoundWith('RACE'), qualifyingRound: lastRoundWith('QUALIFYING') };
}

/**
 * Of these seasons, those whose last race has finished by the clock and has its results: a leader is champion
 * only then, not while the final races' results are still to come in.
 */
async function finishedSeasons(ctx: F1Context, years: number[]): Promise<number> {
  let count = 0;
  for (const year of years) {
    const last = (await seasonMeetings(ctx, year)).at(-1);
    if (last && meetingWindow(last.sessions).end <= ctx.now.getTime() && (await racesWithResults(ctx, year)).has(last.raceId)) count++;
  }
  return count;
}

const isRaceWin = (e: SeasonEntry) => e.session === 'RACE' && e.positionNumber === 1;

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/** Placed before unplaced, then by place. */
function byStanding(a: number | undefined, b: number | undefined): number {
  return (a ?? Number.POSITIVE_INFINITY) - (b ?? Number.POSITIVE_INFINITY) || 0;
}
