import { describe, expect, it } from 'vitest';
import { seasonOfRoute, selectableSeasons, yearOfRoute } from './seasons';

describe('the seasons offered', () => {
  it('runs from the featured season back to 2014', () => {
    const seasons = selectableSeasons(2025);
    expect(seasons).toHaveLength(12);
    expect(seasons[0]).toBe(2025);
    expect(seasons.at(-1)).toBe(2014);
  });

  it('reads the route: the featured season without a year, null for one not offered', () => {
    expect(seasonOfRoute(undefined, 2025)).toBe(2025);
    expect(seasonOfRoute('2019', 2025)).toBe(2019);
    expect(seasonOfRoute('2013', 2025)).toBeNull();
    expect(seasonOfRoute('2026', 2025)).toBeNull();
    expect(seasonOfRoute('20x9', 2025)).toBeNull();
    expect(seasonOfRoute('02019', 2025)).toBeNull();
  });

  it('reads a year from the route before the offered seasons are known', () => {
    expect(yearOfRoute('2019')).toBe(2019);
    expect(yearOfRoute('abc')).toBeUndefined();
    expect(yearOfRoute(undefined)).toBeUndefined();
  });
});
