import { describe, expect, it } from 'vitest';
import { readF1db, recordedSessions, type RecordedSession } from '../../test/recorded-sessions';
import { parseTime, formatGap } from '../../modules/f1/lap-times';
import {
  readArchiveClassification,
  type ArchiveClassification,
  type ArchiveSessionKind,
} from './index';
import { useF1DatabaseAndArchive } from '../../test/f1-archive';

/**
 * Data truth: the classification derived from each recorded session with TimingData (the list in
 * ../shared/data/livetiming/README.md), read through the real client from a stand-in serving the recordings,
 * equals F1DB's for that session. F1DB's YAML is the truth and is read here as it is. The few facts the archive
 * cannot give are listed per session with the reason; everything else is compared field by field.
 */

type Row = Record<string, unknown>;

const resultFiles: Record<ArchiveSessionKind, string> = {
  RACE: 'race-results.yml',
  SPRINT_RACE: 'sprint-race-results.yml',
  QUALIFYING: 'qualifying-results.yml',
  SPRINT_QUALIFYING: 'sprint-qualifying-results.yml',
  FREE_PRACTICE_1: 'free-practice-1-results.yml',
  FREE_PRACTICE_2: 'free-practice-2-results.yml',
  FREE_PRACTICE_3: 'free-practice-3-results.yml',
};

/**
 * The fields compared, per file. Not compared, because the live-timing feed never carries them: a race's total
 * `time` (the feed has gaps but not the winner's time, so no one's), `reasonRetired`, and `timePenalty` (the
 * feed announces penalties but not whether one was served in a pit stop or added to the time).
 */
const comparedFields = {
  race: ['position', 'driverNumber', 'driverId', 'constructorId', 'engineManufacturerId', 'laps', 'gap', 'interval', 'gridPosition'],
  qualifying: ['position', 'driverNumber', 'driverId', 'constructorId', 'engineManufacturerId', 'q1', 'q2', 'q3', 'gap', 'laps'],
  practice: ['position', 'driverNumber', 'driverId', 'constructorId', 'engineManufacturerId', 'time', 'gap', 'interval', 'laps'],
  fastestLap: ['position', 'driverNumber', 'driverId', 'constructorId', 'engineManufacturerId', 'lap', 'time', 'gap'],
};

function pick(row: Row, fields: string[]): Row {
  return Object.fromEntries(fields.map((field) => [field, row[field] ?? null]));
}

/**
 * F1DB's race classification before the stewards' later time penalties, rebuilt from F1DB's own times: each
 * penalised car's time loses its penalty, the cars on the lead lap are ordered by time again, and gaps and
 * intervals are recomputed, as the timing screen showed them when the recording ended.
 */
function beforeLaterPenalties(rows: Row[], penalties: RecordedSession['penaltiesAfterTheFeed'] = []): Row[] {
  if (penalties.length === 0) return rows;
  const timed = rows
    .filter((row) => typeof row.time === 'string')
    .map((row) => ({ row, ms: parseTime(row.time as string)! - 1000 * (penalties.find((penalty) => penalty.car === row.driverNumber)?.seconds ?? 0) }));
  const positions = timed.map(({ row }) => row.position as number);
  timed.sort((a, b) => a.ms - b.ms);
  const rebuilt = timed.map(({ row, ms }, index) => ({
    ...row,
    position: positions[index],
    gap: index === 0 ? null : formatGap(ms - timed[0]!.ms),
    interval: index === 0 ? null : formatGap(ms - timed[index - 1]!.ms),
  }));
  return [...rebuilt, ...rows.filter((row) => typeof row.time !== 'string')];
}

/** What F1DB says, narrowed to what the recording can know. */
function expectedRows(session: RecordedSession, fields: string[]): Row[] {
  const folder = ['seasons', String(session.year), 'races', session.race];
  let rows = readF1db<Row[]>(...folder, resultFiles[session.kind])!;
  if (session.kind === 'RACE' || session.kind === 'SPRINT_RACE') {
    // F1DB leaves some grid slots empty in the results (Ocon's pit-lane start in the 2023 Baku sprint) and
    // gives them in the starting grid.
    const grid = readF1db<Row[]>(...folder, session.kind === 'RACE' ? 'starting-grid-positions.yml' : 'sprint-starting-grid-positions.yml') ?? [];
    rows = rows.map((row) => ({ ...row, gridPosition: row.gridPosition ?? grid.find((slot) => slot.driverNumber === row.driverNumber)?.position ?? null }));
    rows = beforeLaterPenalties(rows, session.penaltiesAfterTheFeed);
  }
  return rows.map((row) => pick(row, fields)).filter((row) => !session.notInFeed?.some((gap) => gap.field === 'row' && gap.car === row.driverNumber));
}

function withoutFieldsNotInFeed(session: RecordedSession, rows: Row[]): Row[] {
  return rows.map((row) => {
    const missing = session.notInFeed?.filter((gap) => gap.field !== 'row' && gap.car === row.driverNumber) ?? [];
    return Object.fromEntries(Object.entries(row).filter(([field]) => !missing.some((gap) => gap.field === field)));
  });
}

describe('the classification derived from each recorded session equals F1DB’s', () => {
  const recorded = useF1DatabaseAndArchive();

  async function classify(session: RecordedSession): Promise<ArchiveClassification> {
    const { client, found, entrants } = await recorded.recordedSession(session);
    return readArchiveClassification(client, found, entrants);
  }

  it.each(recordedSessions)('$name', async (session) => {
    const classification = await classify(session);
    expect(classification.unmapped).toEqual([]);
    expect(classification.problems).toEqual([]);
    expect(classification.final).toBe(session.final);
    if (session.kind === 'RACE' || session.kind === 'SPRINT_RACE') {
      const rows = classification.raceResults!;
      expect(withoutFieldsNotInFeed(session, rows.map((row) => pick(row, comparedFields.race)))).toEqual(
        withoutFieldsNotInFeed(session, expectedRows(session, comparedFields.race)),
      );
      expect(rows.every((row) => row.time === null && row.reasonRetired === null && row.timePenalty === null)).toBe(true);
      if (session.kind === 'RACE') {
        const fastestLaps = readF1db<Row[]>('seasons', String(session.year), 'races', session.race, 'fastest-laps.yml')!;
        expect(classification.fastestLaps!.map((row) => pick(row, comparedFields.fastestLap))).toEqual(fastestLaps.map((row) => pick(row, comparedFields.fastestLap)));
      }
    } else if (session.kind === 'QUALIFYING' || session.kind === 'SPRINT_QUALIFYING') {
      expect(classification.qualifyingResults!.map((row) => pick(row, comparedFields.qualifying))).toEqual(expectedRows(session, comparedFields.qualifying));
    } else {
      expect(classification.practiceResults!.map((row) => pick(row, comparedFields.practice))).toEqual(expectedRows(session, comparedFields.practice));
    }
  });
});
