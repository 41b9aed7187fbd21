import type { ergastStatuses, raceResults } from '../../db/schema';
import ergastStatusTable from '../../modules/f1/ergast/ids/statuses.json';
import { ergastIdOf } from './ergast-aliases';

export type ErgastStatusRow = typeof ergastStatuses.$inferSelect;

/** Ergast's status table (modules/f1/ergast/ids/statuses.json): its id of each status text. */
const ERGAST_STATUS_IDS = new Map(ergastStatusTable.rows.map(([id, status]) => [String(status), Number(id)]));

/** Ergast's own text of a status, found by its folded spelling ("Power unit" is Ergast's "Power Unit"). */
const ERGAST_TEXT = new Map([...ERGAST_STATUS_IDS.keys()].map((status) => [ergastIdOf(status), status]));

/**
 * F1DB's reasons that Ergast's table spells otherwise, or does not have: each is read as the Ergast status that
 * says the same, or the closest coarser one.
 */
const AS_ERGAST: Record<string, string> = {
  'Did not start': 'Withdrew',
  'Did not pre-qualify': 'Did not prequalify',
  Retirement: 'Retired',
  'Car raced by Jarier': 'Withdrew',
  'Pit stop issue': 'Retired',
  Unwell: 'Driver unwell',
  Unfit: 'Physical',
  'Fatal collision': 'Fatal accident',
  'Accident on formation lap': 'Accident',
  'Accident damage': 'Damage',
  'Broken floor': 'Damage',
  'Puncture damage': 'Puncture',
  Spin: 'Spun off',
  Mechenical: 'Mechanical',
  'Technical defect': 'Technical',
  Camshaft: 'Engine',
  'Engine valve': 'Engine',
  Compressor: 'Supercharger',
  Turbocharger: 'Turbo',
  'Fuel injection': 'Injection',
  'Fuel cell': 'Fuel system',
  Starter: 'Electrical',
  'Safety switch': 'Electrical',
  'Traction control': 'Electronics',
  'KERS failure': 'ERS',
  'Hybrid system': 'Power Unit',
  'Water radiator': 'Radiator',
  'Coolant leak': 'Water leak',
  'Cooling system': 'Overheating',
  'Fire extinguisher': 'Fire',
  'Pit fire': 'Fire',
  'Loose wheel': 'Wheel',
  'Wheel hub': 'Wheel',
  'Power steering': 'Steering',
  Airbox: 'Mechanical',
  'Tyre shortage': 'Tyre',
  'Broken seat': 'Seat',
};

/** Laps-behind statuses Ergast never had (long Indianapolis 500s) are numbered from here, in the order they first happened. */
const FIRST_OWN_STATUS_ID = 1000;

/** A reason Ergast's table does not know and AS_ERGAST does not map: the retirement it is. */
const FALLBACK = 'Retired';

type ResultRow = Pick<typeof raceResults.$inferSelect, 'raceId' | 'session' | 'positionDisplayOrder'> & { status: string };

/**
 * One row per status a race or sprint classification reads as (the words the results show), with the Ergast status it
 * is: its id and text from Ergast's table. `races` orders the results: by season, round, race before sprint.
 */
export function ergastStatusRows(results: ResultRow[], races: { id: number; year: number; round: number }[]): ErgastStatusRow[] {
  const raceOrder = new Map(races.map((race) => [race.id, race.year * 100 + race.round]));
  const ordered = [...results].sort(
    (a, b) =>
      raceOrder.get(a.raceId)! - raceOrder.get(b.raceId)! || a.session.localeCompare(b.session) || a.positionDisplayOrder - b.positionDisplayOrder,
  );
  const rows = new Map<string, ErgastStatusRow>();
  let nextOwn = FIRST_OWN_STATUS_ID;
  for (const { status } of ordered) {
    if (rows.has(status)) continue;
    const ergastStatus = asErgast(status);
    rows.set(status, { status, id: ERGAST_STATUS_IDS.get(ergastStatus) ?? nextOwn++, ergastStatus });
  }
  return [...rows.values()];
}

function asErgast(status: string): string {
  const text = AS_ERGAST[status] ?? ERGAST_TEXT.get(ergastIdOf(status));
  if (text) return text;
  return /^\+\d+ Laps?$/.test(status) ? status : FALLBACK;
}
