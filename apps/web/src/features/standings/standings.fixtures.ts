import type { Driver, DriverDetail, DriverRaceResult, ResultsKnown, Team } from '@slipstream/contract';

/** Hand-written standings for the component tests: override what a test is about. */

/** Standings after the 2026 Hungarian Grand Prix while later races miss their results. */
export function afterHungary(racesMissing: number): ResultsKnown {
  return {
    race: { raceId: 1160, season: 2026, round: 11, meetingName: 'Hungarian Grand Prix', slug: 'hungarian-grand-prix', date: '2026-07-26' },
    racesMissing,
  };
}

/** Standings after the 2025 British Grand Prix, with nothing missing. */
const CURRENT: ResultsKnown = {
  race: { raceId: 1137, season: 2025, round: 12, meetingName: 'British Grand Prix', slug: 'british-grand-prix', date: '2025-07-06' },
  racesMissing: 0,
};

export function team(overrides: Partial<Team> & Pick<Team, '_id' | 'name'>): Team {
  return {
    fullName: overrides.name,
    pozitie: 1,
    nrpuncte: 100,
    curseCastigate: 0,
    liked_by: 0,
    pilot_1: 'First Driver',
    pilot_2: 'Second Driver',
    logo: null,
    masinaPoza: null,
    culoareEchipa: '#3671C6',
    createdAt: '2025-07-01T00:00:00.000Z',
    standingsAfter: CURRENT,
    provisional: false,
    ...overrides,
  };
}

export function driver(overrides: Partial<Driver> & Pick<Driver, '_id' | 'primulNume' | 'alDoileaNume'>): Driver {
  return {
    code: overrides.alDoileaNume.slice(0, 3).toUpperCase(),
    echipa: 'McLaren',
    constructorId: 'mclaren',
    puncte: 0,
    pozitie: 1,
    culoare: '#FF8000',
    steag: '/api/flags/gb.svg',
    poza: null,
    nrFani: 0,
    number: '4',
    abbreviation: overrides.alDoileaNume.slice(0, 3).toUpperCase(),
    nationality: 'British',
    standingsAfter: CURRENT,
    provisional: false,
    ...overrides,
  };
}

function raceResult(round: number, overrides: Partial<DriverRaceResult> = {}): DriverRaceResult {
  return {
    round,
    raceId: 1100 + round,
    meetingName: `Round ${round} Grand Prix`,
    slug: `round-${round}-grand-prix`,
    date: '2025-03-16',
    countryName: 'Australia',
    grid: '1',
    positionText: '1',
    points: 25,
    sprintPositionText: null,
    sprintPoints: 0,
    status: 'Finished',
    cumulativePoints: round * 25,
    provisional: false,
    ...overrides,
  };
}

export const norrisDetail: DriverDetail = {
  ...driver({ _id: 'lando-norris', primulNume: 'Lando', alDoileaNume: 'Norris', pozitie: 1, puncte: 44 }),
  fullName: 'Lando Norris',
  dateOfBirth: '1999-11-13',
  placeOfBirth: 'Bristol',
  nationalityCountryName: 'United Kingdom',
  season: 2025,
  results: [
    raceResult(1, {
      meetingName: 'Australian Grand Prix',
      slug: 'australian-grand-prix',
      grid: '1',
      positionText: '1',
      points: 25,
      cumulativePoints: 25,
    }),
    raceResult(2, {
      meetingName: 'Chinese Grand Prix',
      slug: 'chinese-grand-prix',
      grid: '2',
      positionText: '2',
      points: 18,
      sprintPositionText: '8',
      sprintPoints: 1,
      cumulativePoints: 44,
    }),
    raceResult(3, {
      meetingName: 'Japanese Grand Prix',
      slug: 'japanese-grand-prix',
      grid: 'PL',
      positionText: 'DNF',
      points: 0,
      status: 'Collision',
      cumulativePoints: 44,
    }),
  ],
  career: { starts: 130, wins: 9, podiums: 40, poles: 15, championships: 1 },
};
