import type { DriverCandidate, RaceTally, VoteStateResponse } from '@slipstream/contract';

/** Answers of the vote API for component tests: the 2025 Chinese Grand Prix, trimmed. */

const driver = (driverId: string, name: string, teamName: string, teamColour: string, place: number | string, points: number): DriverCandidate => {
  const [firstName = '', lastName = ''] = name.split(' ');
  const classified = typeof place === 'number';
  return {
    driverId,
    firstName,
    lastName,
    teamName,
    teamColour,
    positionNumber: classified ? place : null,
    positionText: String(place),
    status: classified ? 'Finished' : 'Disqualified',
    points,
  };
};

export const chinaRace = {
  raceId: 1127,
  season: 2025,
  round: 2,
  meetingName: 'Chinese Grand Prix',
  slug: 'chinese-grand-prix',
  countryName: 'China',
  raceEnd: '2025-03-23T09:00:00.000Z',
};

const noVotes: RaceTally = {
  race: chinaRace,
  totalVotes: 0,
  categories: { bestPointScorer: [], bestOfTheRest: [], bestTeam: [] },
};

export const threeVotes: RaceTally = {
  race: chinaRace,
  totalVotes: 3,
  categories: {
    bestPointScorer: [
      { id: 'oscar-piastri', name: 'Oscar Piastri', teamName: 'McLaren', teamColour: '#FF8000', votes: 2, percent: 67 },
      { id: 'lando-norris', name: 'Lando Norris', teamName: 'McLaren', teamColour: '#FF8000', votes: 1, percent: 33 },
    ],
    bestOfTheRest: [{ id: 'charles-leclerc', name: 'Charles Leclerc', teamName: 'Ferrari', teamColour: '#E8002D', votes: 3, percent: 100 }],
    bestTeam: [{ id: 'mclaren', name: 'McLaren', teamName: null, teamColour: '#FF8000', votes: 3, percent: 100 }],
  },
};

export const openState: VoteStateResponse = {
  race: chinaRace,
  voter: 'visitor',
  window: {
    status: 'open',
    opensAt: '2025-03-23T09:00:00.000Z',
    closesAt: '2025-04-03T02:30:00.000Z',
    next: { raceId: 1128, meetingName: 'Japanese Grand Prix', opensAt: '2025-04-06T07:00:00.000Z' },
  },
  candidates: {
    bestPointScorer: [
      driver('oscar-piastri', 'Oscar Piastri', 'McLaren', '#FF8000', 1, 25),
      driver('lando-norris', 'Lando Norris', 'McLaren', '#FF8000', 2, 18),
    ],
    bestOfTheRest: [driver('charles-leclerc', 'Charles Leclerc', 'Ferrari', '#E8002D', 'DSQ', 0)],
    bestTeam: [
      { constructorId: 'mclaren', name: 'McLaren', teamColour: '#FF8000', points: 43 },
      { constructorId: 'ferrari', name: 'Ferrari', teamColour: '#E8002D', points: 0 },
    ],
    provisional: false,
  },
  ballot: null,
  results: noVotes,
};

export const castBallot = {
  votedAt: '2025-03-25T12:00:00.000Z',
  picks: {
    bestPointScorer: { id: 'oscar-piastri', name: 'Oscar Piastri', teamName: 'McLaren', teamColour: '#FF8000' },
    bestOfTheRest: { id: 'charles-leclerc', name: 'Charles Leclerc', teamName: 'Ferrari', teamColour: '#E8002D' },
    bestTeam: { id: 'mclaren', name: 'McLaren', teamName: null, teamColour: '#FF8000' },
  },
};
