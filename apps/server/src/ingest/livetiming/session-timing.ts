import { readTopic, readTopicStream, type ArchiveClient } from './archive';
import { asDriverList, namedDrivers } from './classification';
import { mapArchiveDrivers, type ArchiveEntrant } from './drivers';
import { deriveLaps, type DerivedLap, type DerivedPitVisit } from './laps';
import type { ArchiveSession } from './sessions';
import { stateAt, type StreamMessage } from './stream';
import { text, timingLines } from './timing';

/**
 * A session's timing as the analysis stores it: every mapped driver's laps, pit visits and stints, the track's
 * status periods and the weather, read once from the archive's `.jsonStream` files. Offsets are the stream's
 * (milliseconds since the recording began); `utcAtZeroMs` turns them into times of day where it is known.
 */
export type SessionTiming = {
  session: ArchiveSession;
  /** UTC (ms since the epoch) at the stream's offset 0, from the race control messages' own times; null without them. */
  utcAtZeroMs: number | null;
  /** The circuit's offset from UTC in minutes (SessionInfo's GmtOffset); null when absent. */
  gmtOffsetMinutes: number | null;
  drivers: DriverTiming[];
  trackStatus: TrackStatusPeriod[];
  weather: WeatherSample[];
  /** Topics the archive lacks for this session (the analysis shows what it has). */
  missingTopics: string[];
  unmapped: { racingNumber: string; name: string }[];
  problems: string[];
};

export type DriverTiming = {
  driverId: string;
  driverNumber: string;
  constructorId: string;
  laps: DerivedLap[];
  pitVisits: DerivedPitVisit[];
  stints: Stint[];
};

export type Stint = { stint: number; compound: string | null; new: boolean | null; firstLap: number; laps: number };

export type TrackStatusKind = 'SAFETY_CAR' | 'VIRTUAL_SAFETY_CAR' | 'RED_FLAG';

/** A period of safety car, virtual safety car (its ending included) or red flag; endMs null when the stream ended in it. */
export type TrackStatusPeriod = { kind: TrackStatusKind; startMs: number; endMs: number | null; startLap: number; endLap: number };

export type WeatherSample = {
  atMs: number;
  airTemp: number | null;
  trackTemp: number | null;
  humidity: number | null;
  pressure: number | null;
  windSpeed: number | null;
  windDirection: number | null;
  rainfall: boolean | null;
};

/** TrackStatus codes: 4 safety car, 5 red flag, 6 VSC deployed, 7 VSC ending; the others (clear, yellow) end a period. */
const statusKinds: Record<string, TrackStatusKind> = { '4': 'SAFETY_CAR', '5': 'RED_FLAG', '6': 'VIRTUAL_SAFETY_CAR', '7': 'VIRTUAL_SAFETY_CAR' };

const TOPICS = ['TimingData', 'TimingAppData', 'TrackStatus', 'WeatherData', 'RaceControlMessages'] as const;

/** Reads the session's topics once (each file as it is; one session at a time) and derives its timing. */
export async function readSessionTiming(client: ArchiveClient, session: ArchiveSession, entrants: ArchiveEntrant[]): Promise<SessionTiming> {
  const problems: string[] = [];
  const streams = await Promise.all(TOPICS.map((topic) => readTopicStream(client, session.path, topic)));
  const [info, driverList] = await Promise.all([readTopic(client, session.path, 'SessionInfo'), readTopic(client, session.path, 'DriverList')]);
  const messages = Object.fromEntries(
    TOPICS.map((topic, index) => {
      problems.push(...(streams[index]?.problems ?? []));
      return [topic, streams[index]?.messages];
    }),
  ) as Record<(typeof TOPICS)[number], StreamMessage[] | undefined>;
  return {
    ...deriveSessionTiming(session, { ...messages, info, driverList }, entrants),
    missingTopics: TOPICS.filter((topic, index) => !streams[index]),
    problems,
  };
}

export type SessionTimingTopics = Record<(typeof TOPICS)[number], StreamMessage[] | undefined> & { info: unknown; driverList: unknown };

function deriveSessionTiming(session: ArchiveSession, topics: SessionTimingTopics, entrants: ArchiveEntrant[]): Omit<SessionTiming, 'missingTopics' | 'problems'> {
  const isRace = session.kind === 'RACE' || session.kind === 'SPRINT_RACE';
  const cars = deriveLaps(topics.TimingData ?? [], isRace);
  const { mapped, unmapped } = mapArchiveDrivers(namedDrivers(cars.map((car) => car.racingNumber), asDriverList(topics.driverList)), entrants);
  const stints = deriveStints(topics.TimingAppData);
  const drivers = cars.flatMap((car) => {
    const entrant = mapped.get(car.racingNumber);
    if (!entrant) return [];
    const carStints = fitStintsToLaps(stints.get(car.racingNumber) ?? [], car.pitVisits, car.laps.length);
    return [{ driverId: entrant.driverId, driverNumber: car.racingNumber, constructorId: entrant.constructorId, laps: car.laps, pitVisits: car.pitVisits, stints: carStints }];
  });
  return {
    session,
    utcAtZeroMs: utcAtZero(topics.RaceControlMessages),
    gmtOffsetMinutes: gmtOffsetMinutes(topics.info),
    drivers,
    trackStatus: deriveTrackStatus(topics.TrackStatus, drivers),
    weather: deriveWeather(topics.WeatherData),
    unmapped,
  };
}

/** TimingAppData's final stints per car; a stint's laps are its tyres' laps at the end less those they had when fitted. */
function deriveStints(messages: StreamMessage[] | undefined): Map<string, Stint[]> {
  const stints = new Map<string, Stint[]>();
  for (const [racingNumber, line] of Object.entries(timingLines(messages && stateAt(messages)))) {
    const raw = line.Stints;
    const list = (Array.isArray(raw) ? raw : Object.entries((raw ?? {}) as Record<string, unknown>).sort(([a], [b]) => Number(a) - Number(b)).map(([, stint]) => stint)) as Record<string, unknown>[];
    let firstLap = 1;
    stints.set(
      racingNumber,
      list
        .filter((stint) => typeof stint === 'object' && stint !== null)
        .map((stint, index) => {
          const laps = Math.max(0, Number(stint.TotalLaps ?? 0) - Number(stint.StartLaps ?? 0)) || 0;
          const compound = text(stint.Compound);
          const row: Stint = { stint: index + 1, compound: compound && compound !== 'UNKNOWN' ? compound : null, new: stint.New === 'true' ? true : stint.New === 'false' ? false : null, firstLap, laps };
          firstLap += laps;
          return row;
        }),
    );
  }
  return stints;
}

/**
 * Each stint's laps over the laps driven. The feed's own count of a set's laps leaves out some out- and in-laps
 * and stops at the flag, so when the pit visits match the stints (one visit between two stints) a stint runs from
 * one visit's out-lap to the next visit's in-lap; otherwise the feed's counts stand and the last stint takes the
 * laps left.
 */
function fitStintsToLaps(stints: Stint[], visits: DerivedPitVisit[], lapsDriven: number): Stint[] {
  if (stints.length === 0) return [];
  const outLaps = visits.flatMap((visit) => (visit.outLap === null ? [] : [visit.outLap]));
  const firstLaps = outLaps.length === stints.length - 1 ? [1, ...outLaps] : undefined;
  let counted = 0;
  return stints.map((stint, index) => {
    const last = index === stints.length - 1;
    const firstLap = firstLaps ? Math.min(firstLaps[index]!, lapsDriven + 1) : counted + 1;
    const end = firstLaps ? (last ? lapsDriven : Math.min(lapsDriven, firstLaps[index + 1]! - 1)) : last ? lapsDriven : Math.min(lapsDriven, counted + stint.laps);
    const laps = Math.max(0, end - firstLap + 1);
    counted = firstLap - 1 + laps;
    return { ...stint, firstLap, laps };
  });
}

/** The lap the leader was on at a moment: one more than the most laps any car had completed. */
function leaderLapAt(drivers: DriverTiming[], atMs: number): number {
  let completed = 0;
  for (const driver of drivers) for (const lap of driver.laps) if (lap.completedAtMs !== null && lap.completedAtMs <= atMs) completed = Math.max(completed, lap.lap);
  return completed + 1;
}

function deriveTrackStatus(messages: StreamMessage[] | undefined, drivers: DriverTiming[]): TrackStatusPeriod[] {
  const periods: TrackStatusPeriod[] = [];
  const leaderLaps = Math.max(0, ...drivers.map((driver) => driver.laps.length));
  const lapAt = (atMs: number) => Math.max(1, Math.min(leaderLaps, leaderLapAt(drivers, atMs)));
  let open: TrackStatusPeriod | undefined;
  for (const message of messages ?? []) {
    const status = (message.delta as { Status?: unknown } | null)?.Status;
    if (typeof status !== 'string') continue;
    const kind = statusKinds[status];
    if (open && open.kind === kind) continue;
    if (open) {
      open.endMs = message.offsetMs;
      open.endLap = lapAt(message.offsetMs);
      open = undefined;
    }
    if (kind) periods.push((open = { kind, startMs: message.offsetMs, endMs: null, startLap: lapAt(message.offsetMs), endLap: leaderLaps }));
  }
  return periods;
}

function number(value: unknown): number | null {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

function deriveWeather(messages: StreamMessage[] | undefined): WeatherSample[] {
  let state: Record<string, unknown> = {};
  return (messages ?? []).map((message) => {
    state = { ...state, ...(message.delta as Record<string, unknown>) };
    const rainfall = number(state.Rainfall);
    return {
      atMs: message.offsetMs,
      airTemp: number(state.AirTemp),
      trackTemp: number(state.TrackTemp),
      humidity: number(state.Humidity),
      pressure: number(state.Pressure),
      windSpeed: number(state.WindSpeed),
      windDirection: number(state.WindDirection),
      rainfall: rainfall === null ? null : rainfall > 0,
    };
  });
}

/** The median of (a race control message's UTC time less its stream offset): the messages carry their own time. */
function utcAtZero(messages: StreamMessage[] | undefined): number | null {
  const differences: number[] = [];
  for (const message of messages ?? []) {
    const raw = (message.delta as { Messages?: unknown } | null)?.Messages;
    const items = Array.isArray(raw) ? raw : Object.values((raw ?? {}) as Record<string, unknown>);
    for (const item of items) {
      const utc = text((item as { Utc?: unknown } | null)?.Utc);
      const at = utc ? Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(utc) ? utc : `${utc}Z`) : Number.NaN;
      if (Number.isFinite(at)) differences.push(at - message.offsetMs);
    }
  }
  if (differences.length === 0) return null;
  differences.sort((a, b) => a - b);
  return differences[Math.floor(differences.length / 2)]!;
}

/** "04:00:00" or "-05:00:00" as minutes. */
function gmtOffsetMinutes(info: unknown): number | null {
  const match = /^(-)?(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text((info as { GmtOffset?: unknown } | null)?.GmtOffset) ?? '');
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] ? -minutes : minutes;
}
