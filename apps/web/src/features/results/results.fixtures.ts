import type {
  ErgastQualifyingResponse,
  ErgastQualifyingResult,
  ErgastRace,
  ErgastRacesResponse,
  ErgastResult,
  ErgastResultsResponse,
} from '@slipstream/contract';
import { act, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/** Ergast-shaped fixtures for the results screens' tests: small, made up, in the API's exact shapes. */

type RaceFixture = { round: number; name: string; country: string; date: string; qualifying?: string };

export function ergastRace(season: number, { round, name, country, date, qualifying }: RaceFixture): ErgastRace {
  return {
    season: String(season),
    round: String(round),
    url: `https://en.wikipedia.org/wiki/Special:Search/${season}_${name.replaceAll(' ', '_')}`,
    raceName: name,
    Circuit: {
      circuitId: name.toLowerCase().split(' ')[0]!,
      url: 'https://en.wikipedia.org/wiki/Special:Search/Circuit',
      circuitName: `${name} Circuit`,
      Location: { lat: '0', long: '0', locality: country, country },
    },
    date,
    time: '13:00:00Z',
    ...(qualifying && { Qualifying: { date: qualifying, time: '14:00:00Z' } }),
  };
}

const envelope = (url: string, total: number) => ({
  xmlns: '',
  series: 'f1' as const,
  url,
  limit: '100',
  offset: '0',
  total: String(total),
});

export function racesAnswer(season: number, races: ErgastRace[]): ErgastRacesResponse {
  return { MRData: { ...envelope(`/api/ergast/f1/${season}.json`, races.length), RaceTable: { season: String(season), Races: races } } };
}

const driver = (givenName: string, familyName: string) => ({
  driverId: `${givenName}-${familyName}`.toLowerCase(),
  url: 'https://en.wikipedia.org/wiki/Special:Search/Driver',
  givenName,
  familyName,
  nationality: 'British',
});

const team = (name: string) => ({
  constructorId: name.toLowerCase(),
  url: 'https://en.wikipedia.org/wiki/Special:Search/Team',
  name,
  nationality: 'British',
});

type ResultFixture = { driver: [string, string]; team: string; points: string; status: string; fastestLap?: string };

export function ergastResult(position: number, fixture: ResultFixture): ErgastResult {
  return {
    number: String(position),
    position: String(position),
    positionText: String(position),
    points: fixture.points,
    Driver: driver(...fixture.driver),
    Constructor: team(fixture.team),
    grid: String(position),
    laps: '58',
    status: fixture.status,
    ...(fixture.fastestLap && { FastestLap: { rank: '1', lap: '50', Time: { time: fixture.fastestLap } } }),
  };
}

/** The race results of a round; no rows gives Ergast's empty answer (no race in the table). */
export function resultsAnswer(race: ErgastRace, rows: ErgastResult[]): ErgastResultsResponse {
  const { season, round, url, raceName, Circuit, date, time } = race;
  const Races = rows.length > 0 ? [{ season, round, url, raceName, Circuit, date, time, Results: rows }] : [];
  return { MRData: { ...envelope(`/api/ergast/f1/${season}/${round}/results.json`, rows.length), RaceTable: { season, round, Races } } };
}

export function qualifyingRow(position: number, name: [string, string], times: string[]): ErgastQualifyingResult {
  const [Q1, Q2, Q3] = times;
  return {
    number: String(position),
    position: String(position),
    Driver: driver(...name),
    Constructor: team('McLaren'),
    ...(Q1 && { Q1 }),
    ...(Q2 && { Q2 }),
    ...(Q3 && { Q3 }),
  };
}

export function qualifyingAnswer(race: ErgastRace, rows: ErgastQualifyingResult[]): ErgastQualifyingResponse {
  const { season, round, url, raceName, Circuit, date, time } = race;
  const Races = rows.length > 0 ? [{ season, round, url, raceName, Circuit, date, time, QualifyingResults: rows }] : [];
  return { MRData: { ...envelope(`/api/ergast/f1/${season}/${round}/qualifying.json`, rows.length), RaceTable: { season, round, Races } } };
}

/**
 * Stands in for IntersectionObserver, which happy-dom does not drive. Like the browser's, a new observer
 * reports at once whether its target is in view; `scrollTo(true)` brings the prompt into view (and keeps
 * it there), `scrollTo(false)` moves it out again, `scrollPast()` does both.
 */
export function stubIntersectionObserver() {
  let inView = false;
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[]; options?: IntersectionObserverInit }>();
  const report = (observer: { callback: IntersectionObserverCallback; targets: Element[] }) =>
    observer.callback(
      observer.targets.map((target) => ({ target, isIntersecting: inView }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    );

  class FakeIntersectionObserver {
    private readonly entry;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, targets: [] as Element[], options };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
      queueMicrotask(() => observers.has(this.entry) && report(this.entry));
    }
    disconnect() {
      observers.delete(this.entry);
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);

  return {
    scrollTo(visible: boolean) {
      inView = visible;
      for (const observer of observers) report(observer);
    },
    /**
     * Brings the prompt into view for one report, as a flick of the thumb past it. The page starts watching in
     * an effect after the prompt shows, so this waits for a watcher first.
     */
    async scrollPast() {
      await waitFor(() => expect(observers.size).toBeGreaterThan(0));
      act(() => {
        this.scrollTo(true);
        this.scrollTo(false);
      });
    },
    /** The options of the observers watching now. */
    options: () => [...observers].map((observer) => observer.options),
  };
}
