import type { StreamMessage, TopicState } from './stream';
import { parseTime } from '../../modules/f1/lap-times';
import { text, timingLines } from './timing';

/**
 * Lap-by-lap timing of a session from TimingData's history: when each car completed each lap, its lap and
 * sector times, and its visits to the pit lane. A lap is counted when NumberOfLaps goes up; the lap and last
 * sector times arrive just before or just after that moment, so a time sent within `LATE_MS` after a lap was
 * completed belongs to that lap, any other to the lap being driven. An out-lap begun in the garage (no first
 * sector: the car never crossed the line) has only a partial time, which is dropped.
 */

/** One lap of one car; times in milliseconds, null when the feed did not send them (lap 1, in- and out-laps of some eras). */
export type DerivedLap = {
  lap: number;
  /** When the car crossed the line, as the stream's offset; null for laps the history does not cover. */
  completedAtMs: number | null;
  timeMs: number | null;
  sectorsMs: [number | null, number | null, number | null];
  pitIn: boolean;
  pitOut: boolean;
  /** Races: the place among the cars completing this lap, by when they crossed the line. */
  position: number | null;
  /** Races: how long after the leader of this lap the car crossed the line. */
  gapToLeaderMs: number | null;
};

/** A visit to the pit lane: in on `inLap`, out on `outLap` (null: never came out). */
export type DerivedPitVisit = { inLap: number; outLap: number | null; inAtMs: number; pitLaneMs: number | null };

export type DerivedCarLaps = { racingNumber: string; laps: DerivedLap[]; pitVisits: DerivedPitVisit[] };

const LATE_MS = 5_000;
const SECTORS = 3;

type CarTracker = {
  laps: Map<number, DerivedLap>;
  completed: number;
  lastCompletedAtMs: number | null;
  lastLapTime: string | undefined;
  lastSectors: (string | undefined)[];
  openVisit: { inLap: number; inAtMs: number } | undefined;
  visits: DerivedPitVisit[];
  /** In the pit lane (the garage) when the recording began: its first out-lap has no visit to belong to. */
  inPitAtStart: boolean;
  outLapFromStart: number | undefined;
};

function emptyLap(lap: number): DerivedLap {
  return { lap, completedAtMs: null, timeMs: null, sectorsMs: [null, null, null], pitIn: false, pitOut: false, position: null, gapToLeaderMs: null };
}

function lapOf(car: CarTracker, lap: number): DerivedLap {
  let record = car.laps.get(lap);
  if (!record) car.laps.set(lap, (record = emptyLap(lap)));
  return record;
}

/** The lap a time sent now belongs to: the one just completed when it is late for it, else the one being driven. */
function lapForTime(car: CarTracker, atMs: number, isSet: (lap: DerivedLap) => boolean): DerivedLap {
  const justCompleted = car.laps.get(car.completed);
  if (justCompleted && car.lastCompletedAtMs !== null && atMs - car.lastCompletedAtMs <= LATE_MS && !isSet(justCompleted)) return justCompleted;
  return lapOf(car, car.completed + 1);
}

function sectorEntries(sectors: unknown): [number, Record<string, unknown>][] {
  if (typeof sectors !== 'object' || sectors === null) return [];
  return Object.entries(sectors as Record<string, unknown>).flatMap(([key, value]) => {
    const index = Number(key);
    return Number.isInteger(index) && index >= 0 && index < SECTORS && typeof value === 'object' && value !== null ? [[index, value as Record<string, unknown>]] : [];
  });
}

function applyLine(car: CarTracker, line: Record<string, unknown>, atMs: number, first: boolean) {
  if (typeof line.NumberOfLaps === 'number' && line.NumberOfLaps > car.completed) {
    for (let lap = car.completed + 1; lap <= line.NumberOfLaps; lap++) lapOf(car, lap);
    car.completed = line.NumberOfLaps;
    // The first message is the state when the recording began: the laps before it have no known crossing.
    if (!first) {
      lapOf(car, car.completed).completedAtMs = atMs;
      car.lastCompletedAtMs = atMs;
    }
  }
  for (const [index, sector] of sectorEntries(line.Sectors)) {
    const value = text(sector.Value);
    if (!value || value === car.lastSectors[index]) continue;
    car.lastSectors[index] = value;
    const ms = parseTime(value);
    if (ms === undefined || first) continue;
    const lap = index === SECTORS - 1 ? lapForTime(car, atMs, (record) => record.sectorsMs[index] !== null) : lapOf(car, car.completed + 1);
    lap.sectorsMs[index] = ms;
  }
  const lapTime = text((line.LastLapTime as { Value?: unknown } | undefined)?.Value);
  if (lapTime && lapTime !== car.lastLapTime) {
    car.lastLapTime = lapTime;
    const ms = parseTime(lapTime);
    if (ms !== undefined && !first) lapForTime(car, atMs, (record) => record.timeMs !== null).timeMs = ms;
  }
  if (first && line.InPit === true) {
    car.inPitAtStart = true;
  } else if (car.inPitAtStart && (line.InPit === false || line.PitOut === true)) {
    car.inPitAtStart = false;
    car.outLapFromStart = car.completed + 1;
  } else if (line.InPit === true && !car.openVisit && !first) {
    car.openVisit = { inLap: car.completed + 1, inAtMs: atMs };
  } else if ((line.InPit === false || line.PitOut === true) && car.openVisit) {
    const outLap = car.completed + 1;
    car.visits.push({ inLap: car.openVisit.inLap, outLap, inAtMs: car.openVisit.inAtMs, pitLaneMs: atMs - car.openVisit.inAtMs });
    car.openVisit = undefined;
  }
}

/** Every car's laps and pit visits from TimingData's messages, in the order sent. */
export function deriveLaps(messages: readonly StreamMessage[], isRace: boolean): DerivedCarLaps[] {
  const cars = new Map<string, CarTracker>();
  messages.forEach((message, index) => {
    for (const [racingNumber, line] of Object.entries(timingLines(message.delta as TopicState))) {
      let car = cars.get(racingNumber);
      if (!car) {
        car = {
          laps: new Map(),
          completed: 0,
          lastCompletedAtMs: null,
          lastLapTime: undefined,
          lastSectors: [],
          openVisit: undefined,
          visits: [],
          inPitAtStart: false,
          outLapFromStart: undefined,
        };
        cars.set(racingNumber, car);
      }
      applyLine(car, line, message.offsetMs, index === 0);
    }
  });
  const derived = [...cars].map(([racingNumber, car]) => {
    const visits = car.openVisit ? [...car.visits, { ...car.openVisit, outLap: null, pitLaneMs: null }] : car.visits;
    const laps = [...car.laps.values()].filter((lap) => lap.lap <= car.completed).sort((a, b) => a.lap - b.lap);
    for (const visit of visits) {
      const inLap = laps[visit.inLap - 1];
      if (inLap) inLap.pitIn = true;
      const outLap = visit.outLap === null ? undefined : laps[visit.outLap - 1];
      if (outLap) outLap.pitOut = true;
    }
    if (car.outLapFromStart !== undefined && laps[car.outLapFromStart - 1]) laps[car.outLapFromStart - 1]!.pitOut = true;
    for (const lap of laps) if (lap.pitOut && lap.sectorsMs[0] === null) lap.timeMs = null;
    return { racingNumber, laps, pitVisits: visits };
  });
  if (isRace) placeByCrossing(derived);
  return derived;
}

/** Each lap's order and gaps, from when the cars crossed the line at its end (what a lap chart shows). */
function placeByCrossing(cars: DerivedCarLaps[]) {
  const byLap = new Map<number, DerivedLap[]>();
  for (const car of cars) {
    for (const lap of car.laps) {
      if (lap.completedAtMs === null) continue;
      const crossed = byLap.get(lap.lap) ?? [];
      crossed.push(lap);
      byLap.set(lap.lap, crossed);
    }
  }
  for (const crossed of byLap.values()) {
    crossed.sort((a, b) => a.completedAtMs! - b.completedAtMs!);
    crossed.forEach((lap, index) => {
      lap.position = index + 1;
      lap.gapToLeaderMs = lap.completedAtMs! - crossed[0]!.completedAtMs!;
    });
  }
}
