import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openF1TestDatabase } from '../../test/f1-database';
import { loadArchiveEntrants, mapArchiveDrivers, type ArchiveDriver, type ArchiveEntrant } from './drivers';

function entrant(driverId: string, firstName: string, lastName: string, abbreviation: string, numbers: string[], constructorId: string, inRound = true): ArchiveEntrant {
  return { driverId, firstName, lastName, abbreviation, permanentNumber: numbers[0] ?? null, numbers, constructorId, engineManufacturerId: `${constructorId}-engine`, inRound };
}

const verstappen = entrant('max-verstappen', 'Max', 'Verstappen', 'VER', ['1'], 'red-bull');
const norris = entrant('lando-norris', 'Lando', 'Norris', 'NOR', ['4'], 'mclaren');
const sainz = entrant('carlos-sainz-jr', 'Carlos', 'Sainz Jr.', 'SAI', ['55'], 'williams');
const perez = entrant('sergio-perez', 'Sergio', 'Pérez', 'PER', ['11'], 'cadillac');
const hulkenberg = entrant('nico-hulkenberg', 'Nico', 'Hülkenberg', 'HUL', ['27'], 'haas');
const deVries = entrant('nyck-de-vries', 'Nyck', 'De Vries', 'DEV', ['21'], 'alphatauri');

function mapped(result: ReturnType<typeof mapArchiveDrivers>): Record<string, string> {
  return Object.fromEntries([...result.mapped].map(([racingNumber, row]) => [racingNumber, `${row.driverId}/${row.constructorId}`]));
}

describe('mapArchiveDrivers', () => {
  it('maps a driver whose number and name agree, ignoring accents, capitals and a "Jr."', () => {
    const drivers: ArchiveDriver[] = [
      { racingNumber: '1', tla: 'VER', firstName: 'Max', lastName: 'Verstappen' },
      { racingNumber: '55', tla: 'SAI', firstName: 'Carlos', lastName: 'Sainz', fullName: 'Carlos SAINZ' },
      { racingNumber: '11', tla: 'PER', fullName: 'Sergio PEREZ' },
      { racingNumber: '27', broadcastName: 'N HULKENBERG' },
      { racingNumber: '21', fullName: 'Nyck DE VRIES' },
    ];
    const result = mapArchiveDrivers(drivers, [verstappen, norris, sainz, perez, hulkenberg, deVries]);
    expect(mapped(result)).toEqual({
      '1': 'max-verstappen/red-bull',
      '55': 'carlos-sainz-jr/williams',
      '11': 'sergio-perez/cadillac',
      '27': 'nico-hulkenberg/haas',
      '21': 'nyck-de-vries/alphatauri',
    });
    expect(result.unmapped).toEqual([]);
  });

  it('lets the name decide when the number names someone else: a number is never enough against a name', () => {
    const result = mapArchiveDrivers([{ racingNumber: '1', tla: 'NOR', firstName: 'Lando', lastName: 'Norris' }], [verstappen, norris]);
    expect(mapped(result)).toEqual({ '1': 'lando-norris/mclaren' });
  });

  it('lets the name decide when two entrants share the number', () => {
    const ricciardo = entrant('daniel-ricciardo', 'Daniel', 'Ricciardo', 'RIC', ['3'], 'mclaren');
    const permanentThree = { ...verstappen, numbers: ['3'] };
    const result = mapArchiveDrivers([{ racingNumber: '3', tla: 'RIC', firstName: 'Daniel', lastName: 'Ricciardo' }], [permanentThree, ricciardo]);
    expect(mapped(result)).toEqual({ '3': 'daniel-ricciardo/mclaren' });
  });

  it('reports a driver it cannot map instead of guessing, even one with a known number', () => {
    const result = mapArchiveDrivers(
      [
        { racingNumber: '4', tla: 'NOR', firstName: 'Lando', lastName: 'Norris' },
        { racingNumber: '1', tla: 'DOE', firstName: 'Jane', lastName: 'Doe', fullName: 'Jane DOE' },
        { racingNumber: '98', broadcastName: 'J ROE' },
      ],
      [verstappen, norris],
    );
    expect(mapped(result)).toEqual({ '4': 'lando-norris/mclaren' });
    expect(result.unmapped).toEqual([
      { racingNumber: '1', name: 'Jane Doe' },
      { racingNumber: '98', name: 'J ROE' },
    ]);
  });

  it('without names (no DriverList), maps a number only when it names exactly one driver of the round', () => {
    const ricciardo = entrant('daniel-ricciardo', 'Daniel', 'Ricciardo', 'RIC', ['3'], 'mclaren');
    const reserve = entrant('test-driver', 'Test', 'Driver', 'TST', ['4'], 'mclaren', false);
    const result = mapArchiveDrivers([{ racingNumber: '4' }, { racingNumber: '3' }, { racingNumber: '77' }], [norris, reserve, ricciardo, { ...verstappen, numbers: ['3'] }]);
    expect(mapped(result)).toEqual({ '4': 'lando-norris/mclaren' });
    expect(result.unmapped).toEqual([
      { racingNumber: '3', name: 'car 3' },
      { racingNumber: '77', name: 'car 77' },
    ]);
  });

  it('finds a practice driver outside the round’s entrants by name, in the team the archive gives his team mates', () => {
    const bearmanHaas = entrant('oliver-bearman', 'Oliver', 'Bearman', 'BEA', ['50'], 'haas', false);
    const bearmanFerrari = entrant('oliver-bearman', 'Oliver', 'Bearman', 'BEA', ['38'], 'ferrari', false);
    const result = mapArchiveDrivers(
      [
        { racingNumber: '50', tla: 'BEA', firstName: 'Oliver', lastName: 'Bearman', teamName: 'Haas F1 Team' },
        { racingNumber: '27', tla: 'HUL', firstName: 'Nico', lastName: 'Hulkenberg', teamName: 'Haas F1 Team' },
      ],
      [hulkenberg, bearmanFerrari, bearmanHaas],
    );
    expect(mapped(result)).toEqual({ '50': 'oliver-bearman/haas', '27': 'nico-hulkenberg/haas' });
    const alone = mapArchiveDrivers([{ racingNumber: '50', tla: 'BEA', firstName: 'Oliver', lastName: 'Bearman', teamName: 'Haas F1 Team' }], [bearmanFerrari, bearmanHaas]);
    expect(alone.unmapped).toEqual([{ racingNumber: '50', name: 'Oliver Bearman' }]);
  });

  it('prefers the entrant of this round to a namesake listed elsewhere in the season', () => {
    const lawsonRedBull = entrant('liam-lawson', 'Liam', 'Lawson', 'LAW', ['30'], 'red-bull', false);
    const lawsonRacingBulls = entrant('liam-lawson', 'Liam', 'Lawson', 'LAW', ['30'], 'racing-bulls');
    const result = mapArchiveDrivers([{ racingNumber: '30', tla: 'LAW', firstName: 'Liam', lastName: 'Lawson' }], [lawsonRedBull, lawsonRacingBulls]);
    expect(mapped(result)).toEqual({ '30': 'liam-lawson/racing-bulls' });
  });
});

describe('loadArchiveEntrants, from the imported F1DB data', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openF1TestDatabase();
  });
  afterAll(() => database.close());

  it('lists the round’s drivers with the numbers they raced that season, and the season’s other drivers apart', async () => {
    const entrants = await loadArchiveEntrants(database.db, 2025, 6);
    const verstappen = entrants.find((row) => row.driverId === 'max-verstappen');
    expect(verstappen).toMatchObject({ numbers: ['1'], constructorId: 'red-bull', engineManufacturerId: 'honda-rbpt', inRound: true, lastName: 'Verstappen', abbreviation: 'VER' });
    expect(entrants.filter((row) => row.inRound).map((row) => row.driverId)).toHaveLength(20);
    expect(entrants.find((row) => row.driverId === 'liam-lawson' && row.constructorId === 'red-bull')?.inRound).toBe(false);
    expect(entrants.find((row) => row.driverId === 'liam-lawson' && row.constructorId === 'racing-bulls')?.inRound).toBe(true);
  });

  it('takes the latest listed line-up for a round F1DB does not list yet', async () => {
    const entrants = await loadArchiveEntrants(database.db, 2026, 20);
    const inRound = entrants.filter((row) => row.inRound);
    expect(inRound).toHaveLength(22);
    expect(inRound.filter((row) => row.driverId === 'liam-lawson').map((row) => row.constructorId)).toEqual(['red-bull']);
    expect(entrants.find((row) => row.driverId === 'isack-hadjar')?.inRound).toBe(false);
  });
});
