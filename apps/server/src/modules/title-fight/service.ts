import {
  decodeWhatIf,
  encodeWhatIf,
  type TitleDriverEntry,
  type TitleEvent,
  type TitleFightQuery,
  type TitleFightResponse,
  type TitleTeamEntry,
} from '@slipstream/contract';
import { badRequest } from '../../lib/errors';
import { racesFinished, racesWithResults, resultsKnownAfter } from '../f1/calendar/known';
import { lastFinishedRound, requireSeason, seasonYears } from '../f1/calendar/service';
import type { MeetingRecord } from '../f1/calendar/queries';
import { sessionFinished } from '../f1/calendar/timetable';
import { currentSeason, type F1Context } from '../f1/context';
import { pointsSystem, raceMultiplier, type PointsSystem } from '../f1/points';
import { isProvisional } from '../f1/results/queries';
import { loadConstructors, loadDrivers } from '../f1/people';
import { assignDriverCodes } from '../f1/standings/codes';
import { seasonEntries, type SeasonEntry } from '../f1/standings/queries';
import {
  applyPicks,
  eventKey,
  FIRST_TITLE_FIGHT_SEASON,
  titleChances,
  type Chance,
  type EventKind,
  type EventPick,
  type OpenEvent,
  type Tally,
} from './math';
import { raceEntrants } from './queries';

type SeasonEvent = OpenEvent & { name: string; date: string };

/** The title fight of a season (the featured one by default), as it stands or after a round, with a what-if. */
export async function titleFight(ctx: F1Context, query: TitleFightQuery): Promise<TitleFightResponse> {
  const featured = await currentSeason(ctx);
  const season = query.season ?? featured;
  const system = pointsSystem(season);
  if (!system) throw badRequest(`The title fight covers the seasons from ${FIRST_TITLE_FIGHT_SEASON}, when every result began to count`);
  if (season > featured) throw badRequest(`The ${season} season has not begun`);
  const meetings = await requireSeason(ctx, season);
  const [lastFinished, allScores, withResults] = await Promise.all([
    lastFinishedRound(ctx, season),
    seasonEntries(ctx.db, season),
    racesWithResults(ctx, season),
  ]);
  // An event run by the clock whose results are not in yet stays open: its points are still to be had.
  const scored = new Set(allScores.map((s) => eventKey({ round: s.round, kind: s.session })));
  const run = (event: { round: number; kind: EventKind }) => finishedByClock(meetings, event, ctx.now);
  const known = (event: { round: number; kind: EventKind }) => run(event) && scored.has(eventKey(event));
  const lastKnown = meetings.filter((m) => known({ round: m.round, kind: 'RACE' })).at(-1)?.round ?? 0;
  if (query.round !== undefined && query.round > lastKnown) {
    throw badRequest(
      query.round > lastFinished
        ? `Round ${query.round} of ${season} has not finished yet (the last finished is ${lastFinished})`
        : `The results of round ${query.round} of ${season} are not in yet (the latest with results is round ${lastKnown})`,
    );
  }

  const events = seasonEvents(meetings, system);
  const inView = (event: { round: number }) => query.round === undefined || event.round <= query.round;
  const counted = (event: { round: number; kind: EventKind }) => inView(event) && known(event);
  const countedKeys = new Set(events.filter(counted).map(eventKey));
  const open = events.filter((e) => !countedKeys.has(eventKey(e)));
  const scores = allScores.filter((s) => countedKeys.has(eventKey({ round: s.round, kind: s.session })));
  const lastCounted = meetings.filter((m) => counted({ round: m.round, kind: 'RACE' })).at(-1) ?? null;

  const people = await seasonPeople(ctx, season, scores, open);
  const standing = { drivers: tallies(scores, people.driverIds, (s) => s.driverId), constructors: tallies(scores, people.teamIds, (s) => s.constructorId) };
  const picks = resolvePicks(decodeWhatIf(query.w), people.idByCode, season);
  const after = applyPicks(standing, system, open, picks, (id) => people.teamOf.get(id));
  const pickedKeys = new Set(open.filter((e) => !after.open.includes(e)).map(eventKey));

  const pointsNow = (list: Tally[]) => new Map(list.map((t) => [t.id, t.points]));
  const driversNow = pointsNow(standing.drivers);
  const teamsNow = pointsNow(standing.constructors);
  return {
    season,
    seasons: (await seasonYears(ctx)).filter((y) => y >= FIRST_TITLE_FIGHT_SEASON && y <= featured).reverse(),
    asOfRound: query.round ?? lastCounted?.round ?? 0,
    lastFinishedRound: lastKnown,
    standingsAfter: resultsKnownAfter(lastCounted, racesFinished(meetings, ctx.now).filter(inView), withResults),
    finalRound: meetings.at(-1)?.round ?? 0,
    live: query.round === undefined,
    provisional: scores.some(isProvisional),
    system,
    events: open.map(
      (e): TitleEvent => ({
        round: e.round,
        kind: e.kind,
        name: e.name,
        date: e.date,
        double: e.multiplier > 1,
        picked: pickedKeys.has(eventKey(e)),
        awaitingResults: run(e) && !scored.has(eventKey(e)),
      }),
    ),
    whatIf: encodeWhatIf(
      picks
        .filter((p) => pickedKeys.has(eventKey(p)))
        .map((p) => ({ ...p, codes: p.order.map((id) => people.codeOf.get(id)!), fastestLap: p.fastestLap && people.codeOf.get(p.fastestLap)! })),
    ),
    drivers: titleChances(after.drivers, system, after.open, 'drivers').map((chance): TitleDriverEntry => {
      const teamId = people.teamOf.get(chance.id) ?? null;
      return {
        ...entry(chance, people.driverName, driversNow),
        code: people.codeOf.get(chance.id)!,
        teamId,
        teamName: teamId ? (people.teamName.get(teamId) ?? teamId) : null,
      };
    }),
    constructors: titleChances(after.constructors, system, after.open, 'constructors').map((chance): TitleTeamEntry => entry(chance, people.teamName, teamsNow)),
  };
}

/** Every race of the season and, on sprint weekends since 2021, its sprint (run first). */
function seasonEvents(meetings: MeetingRecord[], system: PointsSystem): SeasonEvent[] {
  const finalRound = meetings.at(-1)?.round ?? 0;
  return meetings.flatMap((m) => {
    const race: SeasonEvent = { round: m.round, kind: 'RACE', multiplier: raceMultiplier(system, m.round, finalRound), name: m.name, date: m.date };
    const hasSprint = m.isSprintWeekend && system.sprint.length > 0;
    return hasSprint ? [{ ...race, kind: 'SPRINT' as const, multiplier: 1 }, race] : [race];
  });
}

function finishedByClock(meetings: MeetingRecord[], event: { round: number; kind: EventKind }, now: Date): boolean {
  const meeting = meetings.find((m) => m.round === event.round);
  return !!meeting && sessionFinished(meeting.sessions, event.kind, now);
}

/** Standings summed from the classifications counted; the countback reads race places only. */
function tallies(scores: SeasonEntry[], ids: string[], idOf: (score: SeasonEntry) => string): Tally[] {
  const byId = new Map(ids.map((id) => [id, { id, points: 0, finishes: [] as number[] }]));
  for (const score of scores) {
    const tally = byId.get(idOf(score));
    if (!tally) continue;
    tally.points += score.points ?? 0;
    if (score.session === 'RACE' && score.positionNumber !== null) {
      const place = score.positionNumber - 1;
      for (let i = tally.finishes.length; i <= place; i++) tally.finishes[i] = 0;
      tally.finishes[place]! += 1;
    }
  }
  return [...byId.values()];
}

/**
 * The drivers and teams of the standing: everyone classified in a counted event, and the race drivers entered
 * for an event still open (a what-if may place them). A driver's team is that of their latest counted result,
 * else of their first entry still to come.
 */
async function seasonPeople(ctx: F1Context, season: number, scores: SeasonEntry[], open: OpenEvent[]) {
  const firstOpenRound = open[0]?.round ?? Infinity;
  const entrants = (await raceEntrants(ctx.db, season)).filter((e) => e.rounds.some((r) => r >= firstOpenRound));
  const teamOf = new Map<string, string>();
  for (const entrant of [...entrants].sort((a, b) => Math.min(...b.rounds) - Math.min(...a.rounds))) teamOf.set(entrant.driverId, entrant.constructorId);
  for (const score of scores) teamOf.set(score.driverId, score.constructorId);
  const driverIds = [...new Set([...scores.map((s) => s.driverId), ...entrants.map((e) => e.driverId)])];
  const teamIds = [...new Set([...scores.map((s) => s.constructorId), ...entrants.map((e) => e.constructorId)])];
  const [people, teams] = await Promise.all([loadDrivers(ctx.db, driverIds), loadConstructors(ctx.db, teamIds)]);
  const names = [...people.values()];
  const codeOf = assignDriverCodes(names.sort((a, b) => a.id.localeCompare(b.id)));
  return {
    driverIds,
    teamIds,
    teamOf,
    codeOf,
    idByCode: new Map([...codeOf].map(([id, code]) => [code, id])),
    driverName: new Map(names.map((d) => [d.id, d.name])),
    teamName: new Map([...teams.values()].map((t) => [t.id, t.name])),
  };
}

function resolvePicks(picks: ReturnType<typeof decodeWhatIf>, idByCode: Map<string, string>, season: number): EventPick[] {
  return picks.map((pick) => {
    if (new Set(pick.codes).size !== pick.codes.length) throw badRequest(`The what-if places a driver twice in round ${pick.round}`);
    const idOf = (code: string) => {
      const id = idByCode.get(code);
      if (!id) throw badRequest(`The what-if names ${code}, who is not in the ${season} standings`);
      return id;
    };
    return { round: pick.round, kind: pick.kind, order: pick.codes.map(idOf), fastestLap: pick.fastestLap && idOf(pick.fastestLap) };
  });
}

function entry(chance: Chance, names: Map<string, string>, now: Map<string, number>) {
  return {
    id: chance.id,
    name: names.get(chance.id) ?? chance.id,
    position: chance.position,
    points: chance.points,
    pointsNow: now.get(chance.id) ?? 0,
    wins: chance.finishes[0] ?? 0,
    status: chance.status,
    maxPoints: chance.maxPoints,
    behind: chance.behind,
  };
}
