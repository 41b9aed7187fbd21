import { describe, expect, it } from 'vitest';
import { readF1db, recordedSessions, type RecordedSession } from '../../test/recorded-sessions';
import { parseTime } from '../../modules/f1/lap-times';
import { readSessionTiming, type DriverTiming, type SessionTiming } from './index';
import { useF1DatabaseAndArchive } from '../../test/f1-archive';

/**
 * Data truth of the lap-by-lap timing read from each recorded session with TimingData, against F1DB: each
 * driver's lap count is F1DB's laps, the order at the flag is the classification (before the stewards' later
 * penalties, as the recording ended), the fastest lap is F1DB's, and the stints add up to the laps driven.
 */

type Row = Record<string, unknown>;

const resultFiles = {
  RACE: 'race-results.yml',
  SPRINT_RACE: 'sprint-race-results.yml',
  QUALIFYING: 'qualifying-results.yml',
  SPRINT_QUALIFYING: 'sprint-qualifying-results.yml',
  FREE_PRACTICE_1: 'free-practice-1-results.yml',
  FREE_PRACTICE_2: 'free-practice-2-results.yml',
  FREE_PRACTICE_3: 'free-practice-3-results.yml',
} as const;

function f1dbRows(session: RecordedSession, file: string): Row[] {
  return readF1db<Row[]>('seasons', String(session.year), 'races', session.race, file) ?? [];
}

const isRace = (session: RecordedSession) => session.kind === 'RACE' || session.kind === 'SPRINT_RACE';

/** The fastest lap of the whole session: the lowest lap time, the earlier lap on a tie. */
function fastestLap(drivers: DriverTiming[]) {
  const laps = drivers.flatMap((driver) => driver.laps.flatMap((lap) => (lap.timeMs === null ? [] : [{ driverId: driver.driverId, lap: lap.lap, ms: lap.timeMs }])));
  return laps.sort((a, b) => a.ms - b.ms)[0];
}

/** F1DB's fastest time of a qualifying or practice session: the lowest of its Q times, or the best lap. */
function f1dbBestTime(session: RecordedSession): { driverId: string; ms: number } {
  const rows = f1dbRows(session, resultFiles[session.kind]);
  const fields = isRace(session) ? [] : session.kind.includes('QUALIFYING') ? ['q1', 'q2', 'q3'] : ['time'];
  const times = rows.flatMap((row) => fields.flatMap((field) => {
    const ms = parseTime(row[field] as string | undefined);
    return ms === undefined ? [] : [{ driverId: row.driverId as string, ms }];
  }));
  return times.sort((a, b) => a.ms - b.ms)[0]!;
}

describe('the lap-by-lap timing read from each recorded session agrees with F1DB', () => {
  const recorded = useF1DatabaseAndArchive();

  async function read(session: RecordedSession): Promise<SessionTiming> {
    const { client, found, entrants } = await recorded.recordedSession(session);
    return readSessionTiming(client, found, entrants);
  }

  it.each(recordedSessions)('$name', async (session) => {
    const timing = await read(session);
    expect(timing.unmapped).toEqual([]);
    expect(timing.problems).toEqual([]);
    const expected = f1dbRows(session, resultFiles[session.kind]).filter(
      (row) => typeof row.laps === 'number' && row.laps > 0 && !session.notInFeed?.some((gap) => gap.field === 'row' && gap.car === row.driverNumber),
    );
    const lapsDriven = Object.fromEntries(timing.drivers.filter((driver) => driver.laps.length > 0).map((driver) => [driver.driverId, driver.laps.length]));
    expect(lapsDriven).toEqual(Object.fromEntries(expected.map((row) => [row.driverId, row.laps])));

    for (const driver of timing.drivers) {
      expect(driver.laps.map((lap) => lap.lap), driver.driverId).toEqual(driver.laps.map((_, index) => index + 1));
      if (driver.stints.length > 0) expect(driver.stints.reduce((sum, stint) => sum + stint.laps, 0), `${driver.driverId}'s stints`).toBe(driver.laps.length);
    }

    const fastest = fastestLap(timing.drivers)!;
    if (session.kind === 'RACE') {
      const f1db = f1dbRows(session, 'fastest-laps.yml')[0]!;
      expect(fastest).toEqual({ driverId: f1db.driverId, lap: f1db.lap, ms: parseTime(f1db.time as string) });
    } else if (!isRace(session)) {
      expect({ driverId: fastest.driverId, ms: fastest.ms }).toEqual(f1dbBestTime(session));
    }

    if (isRace(session)) {
      const penalised = new Set([...(session.penaltiesAfterTheFeed ?? []), ...(session.penaltiesAddedAtTheFlag ?? [])].map((penalty) => String(penalty.car)));
      const atFlag = timing.drivers
        .filter((driver) => driver.laps.length > 0)
        .map((driver) => ({ driver, last: driver.laps.at(-1)! }))
        .sort((a, b) => b.last.lap - a.last.lap || (a.last.completedAtMs ?? Infinity) - (b.last.completedAtMs ?? Infinity))
        .map(({ driver }) => driver.driverId);
      const classified = expected.filter((row) => typeof row.position === 'number').map((row) => row.driverId as string);
      const unpenalised = (ids: string[]) => ids.filter((id) => !penalised.has(String(expected.find((row) => row.driverId === id)?.driverNumber)));
      expect(unpenalised(atFlag.slice(0, classified.length))).toEqual(unpenalised(classified));
      for (const driver of timing.drivers) expect(driver.laps.at(-1)?.position, driver.driverId).not.toBeNull();
    }
  });
});
