import type { CompareDriverOption, CompareQuery, CompareResponse, CompareSide } from '@slipstream/contract';
import { notFound } from '../../lib/errors';
import { seasonMeetings, seasonYears } from '../f1/calendar/service';
import { sessionFinished } from '../f1/calendar/timetable';
import { currentSeason, type F1Context } from '../f1/context';
import { loadConstructors, loadDrivers } from '../f1/people';
import { driverOptions, qualifyingRows, raceRows, type RaceRow } from './queries';
import { DEFINITIONS, progression, qualifyingHeadToHead, raceHeadToHead, stats } from './stats';

export async function compareDriverOptions(ctx: F1Context): Promise<CompareDriverOption[]> {
  const rows = await driverOptions(ctx.db, await currentSeason(ctx));
  const people = await loadDrivers(ctx.db, rows.map((r) => r.id));
  const name = (id: string) => people.get(id)?.name ?? id;
  return rows
    .map((r) => ({ id: r.id, name: name(r.id), from: r.from ?? 0, to: r.to ?? 0 }))
    .sort((x, y) => y.to - x.to || x.name.localeCompare(y.name));
}

/** Two drivers side by side over a season or their careers, counting only sessions finished by the clock. */
export async function compareDrivers(ctx: F1Context, query: CompareQuery): Promise<CompareResponse> {
  const ids = [query.a, query.b];
  const [people, allRaces, allQualifying, unfinished] = await Promise.all([
    loadDrivers(ctx.db, ids),
    raceRows(ctx.db, ids),
    qualifyingRows(ctx.db, ids),
    unfinishedSessions(ctx),
  ]);
  for (const id of ids) if (!people.has(id)) throw notFound(`No driver "${id}" in the data`);

  const known = (kind: string) => (row: { year: number; round: number }) => !unfinished.has(`${row.year}:${row.round}:${kind}`);
  const visibleRaces = allRaces.filter((row) => known(row.session)(row));
  const visibleQualifying = allQualifying.filter(known('QUALIFYING'));
  const inScope = <T extends { year: number }>(row: T) => query.season === undefined || row.year === query.season;
  const races = visibleRaces.filter(inScope);
  const qualifying = visibleQualifying.filter(inScope);
  const of = <T extends { driverId: string }>(rows: T[], id: string) => rows.filter((r) => r.driverId === id);

  const seasonsOf = (id: string) => new Set(of(visibleRaces, id).filter((r) => r.session === 'RACE').map((r) => r.year));
  const [seasonsA, seasonsB] = [seasonsOf(query.a), seasonsOf(query.b)];
  if (query.season !== undefined) {
    for (const id of ids) {
      if (!(id === query.a ? seasonsA : seasonsB).has(query.season)) {
        throw notFound(`${people.get(id)!.name} did not race in ${query.season}`);
      }
    }
  }

  const teams = await loadConstructors(ctx.db, races.map((r) => r.constructorId));
  const side = (id: string): CompareSide => {
    const person = people.get(id)!;
    return {
      id,
      name: person.name,
      countryCode: person.nationalityAlpha2?.toUpperCase() ?? null,
      teams: [...new Set(of(races, id).map((r) => teams.get(r.constructorId)?.name ?? r.constructorId))],
      stats: stats(of(races, id), of(qualifying, id)),
    };
  };
  return {
    season: query.season ?? null,
    sharedSeasons: [...seasonsA].filter((year) => seasonsB.has(year)).sort((x, y) => y - x),
    a: side(query.a),
    b: side(query.b),
    headToHead: {
      qualifying: qualifyingHeadToHead(of(qualifying, query.a), of(qualifying, query.b)),
      race: raceHeadToHead(of(races, query.a), of(races, query.b)),
    },
    progression: await pointsProgression(ctx, query, of(races, query.a), of(races, query.b)),
    definitions: DEFINITIONS,
  };
}

/** Rounds of the season (those run by the clock), or the seasons from the earlier debut to the later last race. */
async function pointsProgression(ctx: F1Context, query: CompareQuery, a: RaceRow[], b: RaceRow[]): Promise<CompareResponse['progression']> {
  if (query.season !== undefined) {
    const meetings = (await seasonMeetings(ctx, query.season)).filter((m) => sessionFinished(m.sessions, 'RACE', ctx.now));
    const steps = meetings.map((m) => ({ at: m.round, label: m.name }));
    return { axis: 'round', points: progression(steps, a, b, (e) => e.round) };
  }
  const years = [...a, ...b].map((r) => r.year);
  const steps = [];
  for (let year = Math.min(...years); year <= Math.max(...years); year++) steps.push({ at: year, label: String(year) });
  return { axis: 'season', points: progression(steps, a, b, (e) => e.year) };
}

/**
 * Sessions of the data not finished by the racing clock, as "year:round:KIND": only seasons from the clock's
 * year on can hold any (with a pinned clock the data holds later results).
 */
async function unfinishedSessions(ctx: F1Context): Promise<Set<string>> {
  const years = (await seasonYears(ctx)).filter((year) => year >= ctx.now.getUTCFullYear());
  const hidden = new Set<string>();
  for (const year of years) {
    for (const meeting of await seasonMeetings(ctx, year)) {
      for (const kind of ['RACE', 'SPRINT', 'QUALIFYING'] as const) {
        if (!sessionFinished(meeting.sessions, kind, ctx.now)) hidden.add(`${year}:${meeting.round}:${kind}`);
      }
    }
  }
  return hidden;
}
