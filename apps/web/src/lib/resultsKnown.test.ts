import { describe, expect, it } from 'vitest';
import { missingResultsText, resultsNotInText, shortMeetingName, standingsBehindNote } from './resultsKnown';

const hungary = { raceId: 1160, season: 2026, round: 11, meetingName: 'Hungarian Grand Prix', slug: 'hungarian-grand-prix', date: '2026-07-26' };

describe('what is said when the results are behind the clock', () => {
  it('names the race the standings are after and counts the later races missing', () => {
    expect(standingsBehindNote({ race: hungary, racesMissing: 10 })).toBe('Standings after round 11, Hungarian GP. Results of 10 later races are not in yet.');
    expect(standingsBehindNote({ race: hungary, racesMissing: 1 })).toBe('Standings after round 11, Hungarian GP. Results of 1 later race are not in yet.');
  });

  it('says nothing when nothing is missing', () => {
    expect(standingsBehindNote({ race: hungary, racesMissing: 0 })).toBeNull();
    expect(standingsBehindNote({ race: null, racesMissing: 0 })).toBeNull();
  });

  it('says there are no standings yet when the first finished races all miss their results', () => {
    expect(standingsBehindNote({ race: null, racesMissing: 2 })).toBe('No standings yet. Results of 2 races are not in yet.');
    expect(missingResultsText(1, { later: false })).toBe('Results of 1 race are not in yet.');
  });

  it('names the last race missing its results', () => {
    expect(resultsNotInText(1, 'Las Vegas Grand Prix')).toBe('Results of the Las Vegas Grand Prix are not in yet.');
    expect(resultsNotInText(10, 'Las Vegas Grand Prix', 'Qualifying results')).toBe('Qualifying results of the 10 races up to the Las Vegas Grand Prix are not in yet.');
  });

  it('shortens only a name ending in Grand Prix', () => {
    expect(shortMeetingName('Indianapolis 500')).toBe('Indianapolis 500');
    expect(shortMeetingName('Emilia-Romagna Grand Prix')).toBe('Emilia-Romagna GP');
  });
});
