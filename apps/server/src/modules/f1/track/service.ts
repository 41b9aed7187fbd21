import { meetingSlug, TRACK_WINNERS, trackSeasonResponse, type LapRecord, type TrackCircuit } from '@slipstream/contract';
import type { MeetingRecord } from '../calendar/queries';
import { lastFinishedMeeting, requireSeason, seasonYears } from '../calendar/service';
import { answer, DATA_TTL_SECONDS, dataKey, type F1Context } from '../context';
import { loadConstructors, loadDrivers, loadTeamColours, teamColour, type TeamColours } from '../people';
import { raceFastestLaps, racesAtCircuits, type CircuitRace } from './queries';

/**
 * The track visualiser's season: each layout raced that season with its facts, the last winners at its circuit
 * and the lap record of the layout. Winners and records count only races finished by the clock, so the answer
 * is cached per import and per latest finished race (it changes when a race ends, not every minute).
 */
export async function trackSeason(ctx: F1Context, season: number): Promise<string> {
  const meetings = await requireSeason(ctx, season);
  const lastFinished = await lastFinishedMeeting(ctx);
  const finishedUpTo = lastFinished ? { season: lastFinished.season, round: lastFinished.round } : null;
  const key = dataKey(ctx, 'track', season, finishedUpTo ? `${finishedUpTo.season}-${finishedUpTo.round}` : 'none');
  return answer(ctx, key, DATA_TTL_SECONDS, trackSeasonResponse, async () => ({
    season,
    seasons: (await seasonYears(ctx)).toReversed(),
    circuits: await seasonCircuits(ctx, meetings, finishedUpTo),
  }));
}

type RaceOrder = { season: number; round: number };

const hasFinished = (race: RaceOrder, upTo: RaceOrder | null) =>
  upTo !== null && (race.season < upTo.season || (race.season === upTo.season && race.round <= upTo.round));

async function seasonCircuits(ctx: F1Context, meetings: MeetingRecord[], finishedUpTo: RaceOrder | null): Promise<TrackCircuit[]> {
  const layouts = groupByLayout(meetings);
  const history = await racesAtCircuits(ctx.db, [...new Set(meetings.map((m) => m.circuit.id))]);
  const finished = history.filter((race) => hasFinished(race, finishedUpTo));
  const layoutIds = new Set(meetings.map((m) => m.circuit.layoutId));
  const laps = await raceFastestLaps(ctx.db, finished.filter((race) => layoutIds.has(race.layoutId)).map((race) => race.raceId));
  const records = lapRecords(finished, laps);

  const winnersByCircuit = new Map<string, CircuitRace[]>();
  for (const race of finished.toReversed()) {
    const list = winnersByCircuit.get(race.circuitId) ?? [];
    if (list.length < TRACK_WINNERS && race.winners.length > 0) list.push(race);
    winnersByCircuit.set(race.circuitId, list);
  }

  const people = [...records.values(), ...[...winnersByCircuit.values()].flat().flatMap((race) => race.winners.map((w) => ({ ...w, season: race.season })))];
  const [drivers, teams, colours] = await Promise.all([
    loadDrivers(ctx.db, people.map((p) => p.driverId)),
    loadConstructors(ctx.db, people.map((p) => p.constructorId)),
    coloursBySeason(ctx, people.map((p) => p.season)),
  ]);
  const colourOf = (constructorId: string, season: number) => teamColour(colours.get(season) ?? {}, constructorId);
  const layoutCircuits = layouts.map(([first]) => first!.circuit.id);
  const hasTwoLayouts = (circuitId: string) => layoutCircuits.indexOf(circuitId) !== layoutCircuits.lastIndexOf(circuitId);

  return layouts.map((raced) => {
    const latest = raced.at(-1)!;
    const { circuit } = latest;
    const first = history.find((race) => race.circuitId === circuit.id)!;
    const record = records.get(circuit.layoutId);
    return {
      key: hasTwoLayouts(circuit.id) ? circuit.layoutId : circuit.id,
      circuitId: circuit.id,
      layoutId: circuit.layoutId,
      name: circuit.name,
      fullName: circuit.fullName,
      placeName: circuit.placeName,
      countryName: circuit.countryName,
      races: raced.map((m) => ({ round: m.round, meetingName: m.name, slug: m.slug, date: m.date })),
      facts: latest.facts,
      firstGrandPrix: { season: first.season, meetingName: first.meetingName },
      lastWinners: (winnersByCircuit.get(circuit.id) ?? []).map((race) => ({
        season: race.season,
        meetingName: race.meetingName,
        slug: meetingSlug(race.meetingName),
        driverName: race.winners.map((w) => drivers.get(w.driverId)!.name).join(' / '),
        teamName: [...new Set(race.winners.map((w) => teams.get(w.constructorId)!.name))].join(' / '),
        teamColour: colourOf(race.winners[0]!.constructorId, race.season),
      })),
      lapRecord: record ? describeRecord(record, drivers, teams) : null,
    };
  });
}

/** The season's meetings grouped by layout, in order of each layout's first round. */
function groupByLayout(meetings: MeetingRecord[]): MeetingRecord[][] {
  const groups = new Map<string, MeetingRecord[]>();
  for (const meeting of meetings) {
    groups.set(meeting.circuit.layoutId, [...(groups.get(meeting.circuit.layoutId) ?? []), meeting]);
  }
  return [...groups.values()];
}

type RecordLap = { layoutId: string; season: number; meetingName: string; time: string; millis: number; driverId: string; constructorId: string };

/** Per layout, the fastest of the races' fastest laps; a tie goes to whoever set it first. */
function lapRecords(races: CircuitRace[], laps: Awaited<ReturnType<typeof raceFastestLaps>>): Map<string, RecordLap> {
  const raceById = new Map(races.map((race) => [race.raceId, race]));
  const records = new Map<string, RecordLap>();
  for (const lap of laps) {
    const race = raceById.get(lap.raceId)!;
    const millis = lapMillis(lap.time);
    if (millis === null) continue;
    const best = records.get(race.layoutId);
    if (!best || millis < best.millis) {
      records.set(race.layoutId, { ...lap, layoutId: race.layoutId, season: race.season, meetingName: race.meetingName, millis });
    }
  }
  return records;
}

function describeRecord(
  record: RecordLap,
  drivers: Awaited<ReturnType<typeof loadDrivers>>,
  teams: Awaited<ReturnType<typeof loadConstructors>>,
): LapRecord {
  return {
    time: record.time,
    driverName: drivers.get(record.driverId)!.name,
    teamName: teams.get(record.constructorId)!.name,
    season: record.season,
    meetingName: record.meetingName,
  };
}

/** "1:27.097" or "57.392" (F1DB's lap times) in milliseconds; null for anything else. */
export function lapMillis(time: string): number | null {
  const match = /^(?:(\d+):)?(\d{1,2}(?:\.\d+)?)$/.exec(time);
  if (!match) return null;
  return Math.round((Number(match[1] ?? 0) * 60 + Number(match[2])) * 1000);
}

async function coloursBySeason(ctx: F1Context, seasons: number[]): Promise<Map<number, TeamColours>> {
  const unique = [...new Set(seasons)];
  const colours = await Promise.all(unique.map((season) => loadTeamColours(ctx.db, season)));
  return new Map(unique.map((season, i) => [season, colours[i]!]));
}
