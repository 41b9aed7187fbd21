import { RACE_CONTROL_KEPT, type RaceControlMessage, type Tower, type TowerCar, type TowerTime, type TowerWeather, type TrackStatus } from './tower';

/** The merged state of each topic of the feed, by topic name ("TimingData", "DriverList", ...). */
export type TopicStates = Readonly<Record<string, unknown>>;

type Json = Record<string, unknown>;

function objectOf(value: unknown): Json {
  return typeof value === 'object' && value !== null ? (value as Json) : {};
}

/** The items of a list the feed sends as an array first and then changes by index ({"3": {...}}). */
function listOf(value: unknown): Json[] {
  const items = Array.isArray(value) ? value : Object.entries(objectOf(value)).sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  return items.filter((item): item is Json => typeof item === 'object' && item !== null);
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function integerOf(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
}

function numberOf(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

function timeOf(value: unknown): TowerTime | null {
  const entry = objectOf(value);
  const time = textOf(entry.Value);
  return time ? { time, personalBest: entry.PersonalFastest === true, overallBest: entry.OverallFastest === true } : null;
}

/** The feed's TrackStatus codes. */
const TRACK_STATUS: Record<string, TrackStatus> = {
  '1': 'green',
  '2': 'yellow',
  '4': 'safety-car',
  '5': 'red',
  '6': 'virtual-safety-car',
  '7': 'vsc-ending',
};

/** The tower and everything around it, from the merged topics; missing topics leave their part empty. */
export function deriveTower(topics: TopicStates): Tower {
  const timing = objectOf(topics.TimingData);
  const part = integerOf(timing.SessionPart);
  const qualifying = part !== null && part > 0 ? { part, advancing: advancingOf(timing.NoEntries, part) } : null;
  const cars = deriveCars(topics, qualifying?.part ?? null);
  const order = Object.values(cars)
    .sort((a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || Number(a.racingNumber) - Number(b.racingNumber))
    .map((car) => car.racingNumber);
  return {
    session: deriveSession(topics),
    lapCount: deriveLapCount(topics.LapCount),
    clock: deriveClock(topics.ExtrapolatedClock),
    trackStatus: deriveTrackStatus(topics.TrackStatus),
    qualifying,
    raceControl: deriveRaceControl(topics.RaceControlMessages),
    weather: deriveWeather(topics.WeatherData),
    order,
    cars,
  };
}

/** NoEntries lists how many cars start each part (20, 15, 10): those beyond the next part's number are in the knockout zone. */
function advancingOf(noEntries: unknown, part: number): number | null {
  const entries = Array.isArray(noEntries) ? noEntries : Object.entries(objectOf(noEntries)).sort(([a], [b]) => Number(a) - Number(b)).map(([, n]) => n);
  const next = integerOf(entries[part]);
  return next !== null && next > 0 ? next : null;
}

function deriveSession(topics: TopicStates): Tower['session'] {
  const info = objectOf(topics.SessionInfo);
  const name = textOf(info.Name);
  if (!name) return null;
  return {
    meetingName: textOf(objectOf(info.Meeting).Name) ?? '',
    name,
    type: textOf(info.Type) ?? name,
    status: textOf(objectOf(topics.SessionStatus).Status),
  };
}

function deriveLapCount(state: unknown): Tower['lapCount'] {
  const laps = objectOf(state);
  const current = integerOf(laps.CurrentLap);
  return current === null ? null : { current, total: integerOf(laps.TotalLaps) };
}

function deriveClock(state: unknown): Tower['clock'] {
  const clock = objectOf(state);
  const remaining = textOf(clock.Remaining);
  return remaining ? { remaining, running: clock.Extrapolating === true } : null;
}

function deriveTrackStatus(state: unknown): Tower['trackStatus'] {
  const track = objectOf(state);
  const code = textOf(track.Status);
  const status = code ? TRACK_STATUS[code] : undefined;
  return status ? { status, message: textOf(track.Message) ?? status } : null;
}

function deriveRaceControl(state: unknown): RaceControlMessage[] {
  return listOf(objectOf(state).Messages)
    .flatMap((entry) => {
      const message = textOf(entry.Message);
      const at = textOf(entry.Utc);
      if (!message || !at) return [];
      return [{ at: at.endsWith('Z') ? at : `${at}Z`, category: textOf(entry.Category) ?? 'Other', flag: textOf(entry.Flag), lap: integerOf(entry.Lap), message }];
    })
    .slice(-RACE_CONTROL_KEPT)
    .reverse();
}

function deriveWeather(state: unknown): TowerWeather | null {
  const weather = objectOf(state);
  if (Object.keys(weather).length === 0) return null;
  return {
    airTemp: numberOf(weather.AirTemp),
    trackTemp: numberOf(weather.TrackTemp),
    humidity: numberOf(weather.Humidity),
    windSpeed: numberOf(weather.WindSpeed),
    windDirection: numberOf(weather.WindDirection),
    rainfall: numberOf(weather.Rainfall) !== null && numberOf(weather.Rainfall)! > 0,
  };
}

function deriveCars(topics: TopicStates, qualifyingPart: number | null): Record<string, TowerCar> {
  const drivers = objectOf(topics.DriverList);
  const lines = objectOf(objectOf(topics.TimingData).Lines);
  const appLines = objectOf(objectOf(topics.TimingAppData).Lines);
  const numbers = new Set([...Object.keys(lines), ...Object.keys(drivers).filter((key) => /^\d+$/.test(key))]);
  const cars: Record<string, TowerCar> = {};
  for (const racingNumber of numbers) {
    cars[racingNumber] = deriveCar(racingNumber, objectOf(drivers[racingNumber]), objectOf(lines[racingNumber]), objectOf(appLines[racingNumber]), qualifyingPart);
  }
  const fastest = fastestBestLap(Object.values(cars));
  for (const car of Object.values(cars)) if (car.bestLap && fastest !== null) car.bestLap.overallBest = car.bestLap.time === fastest;
  return cars;
}

function deriveCar(racingNumber: string, driver: Json, line: Json, app: Json, qualifyingPart: number | null): TowerCar {
  const stints = listOf(app.Stints);
  const stint = stints.at(-1);
  const teamColour = textOf(driver.TeamColour);
  const bestLaps = listOf(line.BestLapTimes);
  const bestLap = qualifyingPart !== null ? (bestLaps[qualifyingPart - 1] ?? line.BestLapTime) : line.BestLapTime;
  const best = timeOf(bestLap);
  return {
    racingNumber,
    position: integerOf(line.Position) ?? integerOf(line.Line) ?? integerOf(driver.Line),
    tla: textOf(driver.Tla) ?? racingNumber,
    name: textOf(driver.FullName) ?? textOf(driver.BroadcastName) ?? `#${racingNumber}`,
    team: textOf(driver.TeamName),
    teamColour: teamColour && /^[0-9A-Fa-f]{6}$/.test(teamColour) ? `#${teamColour.toUpperCase()}` : null,
    ...gaps(line, qualifyingPart),
    lastLap: timeOf(line.LastLapTime),
    bestLap: best ? { ...best, personalBest: true } : null,
    sectors: listOf(line.Sectors).map(timeOf),
    tyre: stint ? { compound: textOf(stint.Compound) ?? 'UNKNOWN', laps: integerOf(stint.TotalLaps), fresh: stint.New === 'true' || stint.New === true } : null,
    pitStops: integerOf(line.NumberOfPitStops) ?? 0,
    laps: integerOf(line.NumberOfLaps),
    inPit: line.InPit === true,
    pitOut: line.PitOut === true,
    retired: line.Retired === true || line.Stopped === true,
    knockedOut: line.KnockedOut === true,
  };
}

/** A race has gaps to the leader and intervals; qualifying (per part) and practice have gaps to the fastest. */
function gaps(line: Json, qualifyingPart: number | null): { gapToLeader: string | null; interval: string | null } {
  if (qualifyingPart !== null) {
    const stats = objectOf(listOf(line.Stats)[qualifyingPart - 1]);
    return { gapToLeader: textOf(stats.TimeDiffToFastest), interval: textOf(stats.TimeDifftoPositionAhead) ?? textOf(stats.TimeDiffToPositionAhead) };
  }
  if ('GapToLeader' in line || 'IntervalToPositionAhead' in line) {
    return { gapToLeader: textOf(line.GapToLeader), interval: textOf(objectOf(line.IntervalToPositionAhead).Value) };
  }
  return { gapToLeader: textOf(line.TimeDiffToFastest), interval: textOf(line.TimeDiffToPositionAhead) };
}

/** "1:31.447" in milliseconds, to compare lap times. */
function lapMs(time: string): number {
  const [minutes, seconds] = time.includes(':') ? time.split(':') : ['0', time];
  return Number(minutes) * 60_000 + Number(seconds) * 1000;
}

function fastestBestLap(cars: TowerCar[]): string | null {
  const times = cars.flatMap((car) => (car.bestLap && Number.isFinite(lapMs(car.bestLap.time)) ? [car.bestLap.time] : []));
  if (times.length === 0) return null;
  return times.reduce((fastest, time) => (lapMs(time) < lapMs(fastest) ? time : fastest));
}
