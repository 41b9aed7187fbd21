import { describe, expect, it } from 'vitest';
import { ergastAliasRows, ergastIdOf } from './ergast-aliases';

const targetsOf = (rows: ReturnType<typeof ergastAliasRows>, kind: string, alias: string) =>
  rows.filter((row) => row.kind === kind && row.alias === alias).map((row) => row.targetId).sort();

describe('Ergast aliases', () => {
  const rows = ergastAliasRows({
    drivers: [
      { id: 'fernando-alonso', firstName: 'Fernando', lastName: 'Alonso' },
      { id: 'max-verstappen', firstName: 'Max', lastName: 'Verstappen' },
      { id: 'jos-verstappen', firstName: 'Jos', lastName: 'Verstappen' },
      { id: 'carlos-sainz-jr', firstName: 'Carlos', lastName: 'Sainz Jr.' },
      { id: 'kimi-raikkonen', firstName: 'Kimi', lastName: 'Räikkönen' },
      { id: 'nyck-de-vries', firstName: 'Nyck', lastName: 'de Vries' },
      { id: 'russell', firstName: 'Someone', lastName: 'Else' },
      { id: 'george-russell', firstName: 'George', lastName: 'Russell' },
      { id: 'charles-leclerc', firstName: 'Charles', lastName: 'Leclerc' },
      { id: 'arthur-leclerc', firstName: 'Arthur', lastName: 'Leclerc' },
    ],
    entries: ['fernando-alonso', 'max-verstappen', 'jos-verstappen', 'carlos-sainz-jr', 'kimi-raikkonen', 'nyck-de-vries', 'russell', 'george-russell', 'charles-leclerc'].map(
      (driverId) => ({ driverId }),
    ),
    constructors: [{ id: 'red-bull', name: 'Red Bull' }],
    circuits: [
      { id: 'melbourne', name: 'Melbourne', fullName: 'Melbourne Grand Prix Circuit', previousNames: ['Albert Park Circuit'] },
      { id: 'marina-bay', name: 'Marina Bay', fullName: 'Marina Bay Street Circuit', previousNames: [] },
    ],
  });

  it('names a driver by surname, first name and surname, or the id with underscores', () => {
    expect(targetsOf(rows, 'driver', 'alonso')).toEqual(['fernando-alonso']);
    expect(targetsOf(rows, 'driver', 'fernando_alonso')).toEqual(['fernando-alonso']);
    expect(targetsOf(rows, 'driver', 'max_verstappen')).toEqual(['max-verstappen']);
    expect(targetsOf(rows, 'driver', 'sainz')).toEqual(['carlos-sainz-jr']);
    expect(targetsOf(rows, 'driver', 'sainz_jr')).toEqual(['carlos-sainz-jr']);
    expect(targetsOf(rows, 'driver', 'raikkonen')).toEqual(['kimi-raikkonen']);
    expect(targetsOf(rows, 'driver', 'de_vries')).toEqual(['nyck-de-vries']);
  });

  it('keeps every target of an alias that names several drivers, so it can be refused', () => {
    expect(targetsOf(rows, 'driver', 'verstappen')).toEqual(['jos-verstappen', 'max-verstappen']);
  });

  it('names only drivers with a grand prix entry, as Ergast knows no others', () => {
    expect(targetsOf(rows, 'driver', 'leclerc')).toEqual(['charles-leclerc']);
    expect(targetsOf(rows, 'driver', 'arthur_leclerc')).toEqual([]);
  });

  it('never makes an alias of a real id', () => {
    expect(targetsOf(rows, 'driver', 'russell')).toEqual([]);
  });

  it('names constructors by their short name and circuits by a name without its generic ending', () => {
    expect(targetsOf(rows, 'constructor', 'red_bull')).toEqual(['red-bull']);
    expect(targetsOf(rows, 'circuit', 'albert_park')).toEqual(['melbourne']);
    expect(targetsOf(rows, 'circuit', 'albert_park_circuit')).toEqual(['melbourne']);
    expect(targetsOf(rows, 'circuit', 'marina_bay')).toEqual(['marina-bay']);
  });

  it('folds names to lower-case ASCII words', () => {
    expect(ergastIdOf('Hülkenberg')).toBe('hulkenberg');
    expect(ergastIdOf('Nico Rosberg')).toBe('nico_rosberg');
    expect(ergastIdOf("O'Connor-Smith")).toBe('o_connor_smith');
    expect(ergastIdOf('Jan Magnussen ')).toBe('jan_magnussen');
  });
});
