import { describe, expect, it } from 'vitest';
import { currentRound, feedStart, latestRoundToProbe, matchesSearch } from './rounds';
import { ergastRace } from './results.fixtures';

// Three rounds; the third weekend has qualifying on Saturday 5 July 14:00Z and the race on Sunday 13:00Z.
const season = [
  ergastRace(2025, { round: 1, name: 'Australian Grand Prix', country: 'Australia', date: '2025-03-16', qualifying: '2025-03-15' }),
  ergastRace(2025, { round: 2, name: 'Austrian Grand Prix', country: 'Austria', date: '2025-06-29', qualifying: '2025-06-28' }),
  ergastRace(2025, { round: 3, name: 'British Grand Prix', country: 'United Kingdom', date: '2025-07-06', qualifying: '2025-07-05' }),
];
const at = (instant: string) => Date.parse(instant);

describe('the current round', () => {
  it('is the number of races started by the clock', () => {
    expect(currentRound(season, at('2025-03-01T00:00:00Z'))).toBe(0);
    expect(currentRound(season, at('2025-07-05T12:00:00Z'))).toBe(2);
    expect(currentRound(season, at('2025-07-06T13:00:00Z'))).toBe(3);
  });
});

describe('where the current season starts probing', () => {
  it('starts at the current round + 1 when that round has qualified', () => {
    expect(latestRoundToProbe(season, 'qualifying', at('2025-07-05T15:00:00Z'))).toBe(3);
  });

  it('passes over a round whose session is still to come', () => {
    expect(latestRoundToProbe(season, 'qualifying', at('2025-07-05T12:00:00Z'))).toBe(2);
    expect(latestRoundToProbe(season, 'race', at('2025-07-05T15:00:00Z'))).toBe(2);
  });

  it('finds nothing before the season starts, and the last round once it is over', () => {
    expect(latestRoundToProbe(season, 'race', at('2025-01-01T00:00:00Z'))).toBe(0);
    expect(latestRoundToProbe(season, 'race', at('2025-12-31T00:00:00Z'))).toBe(3);
  });

  it("takes the race's start for a qualifying without its own", () => {
    const [first] = season;
    const withoutQualifying = { ...first!, Qualifying: undefined };
    expect(latestRoundToProbe([withoutQualifying], 'qualifying', at('2025-03-16T13:00:00Z'))).toBe(1);
    expect(latestRoundToProbe([withoutQualifying], 'qualifying', at('2025-03-16T12:59:59Z'))).toBe(0);
  });
});

describe('the start of the feed', () => {
  it('probes in the current season', () => {
    expect(feedStart(season, 'race', true, at('2025-07-05T12:00:00Z'))).toEqual({ round: 2, probing: true });
  });

  it('starts at the total number of rounds in another season, whatever the clock', () => {
    expect(feedStart(season, 'race', false, at('2025-01-01T00:00:00Z'))).toEqual({ round: 3, probing: false });
    expect(feedStart([], 'race', false, at('2025-01-01T00:00:00Z'))).toEqual({ round: 0, probing: false });
  });
});

describe('the search', () => {
  const saoPaulo = ergastRace(2024, { round: 21, name: 'São Paulo Grand Prix', country: 'Brazil', date: '2024-11-03' });

  it('finds a round by race or country name, ignoring case and accents', () => {
    expect(matchesSearch(saoPaulo, 'sao paulo')).toBe(true);
    expect(matchesSearch(saoPaulo, 'SÃO')).toBe(true);
    expect(matchesSearch(saoPaulo, 'brazil')).toBe(true);
    expect(matchesSearch(saoPaulo, '  Brazil ')).toBe(true);
    expect(matchesSearch(saoPaulo, 'monaco')).toBe(false);
  });

  it('keeps every round when empty', () => {
    expect(matchesSearch(saoPaulo, '')).toBe(true);
    expect(matchesSearch(saoPaulo, '   ')).toBe(true);
  });
});
