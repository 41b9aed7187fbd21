import { describe, expect, it } from 'vitest';
import { uniqueSlugs } from './queries';
import { describeSession, meetingStatus, meetingWindow, sessionWindow, timetable, type SessionRecord } from './timetable';

describe('describeSession', () => {
  it('names sprint qualifying as Formula 1 did that season', () => {
    expect(describeSession('SPRINT_QUALIFYING', 2023, 'SPRINT_SHOOTOUT')).toBe('Sprint Shootout');
    expect(describeSession('SPRINT_QUALIFYING', 2025, 'SPRINT_SHOOTOUT')).toBe('Sprint Qualifying');
    expect(describeSession('FREE_PRACTICE_2', 2025, null)).toBe('Practice 2');
    expect(describeSession('RACE', 2025, null)).toBe('Race');
  });
});

describe('session windows', () => {
  const sprintQualifying: SessionRecord = { kind: 'SPRINT_QUALIFYING', date: '2025-03-21', startsAt: '2025-03-21T07:30:00.000Z' };
  const race: SessionRecord = { kind: 'RACE', date: '2025-03-23', startsAt: '2025-03-23T07:00:00.000Z' };

  it('assumes 44 minutes of sprint qualifying and two hours of racing', () => {
    expect(new Date(sessionWindow(sprintQualifying).end).toISOString()).toBe('2025-03-21T08:14:00.000Z');
    expect(new Date(sessionWindow(race).end).toISOString()).toBe('2025-03-23T09:00:00.000Z');
  });

  it('takes a session known only by its day to span that UTC day', () => {
    const window = sessionWindow({ kind: 'RACE', date: '1950-05-13', startsAt: null });
    expect([new Date(window.start).toISOString(), new Date(window.end).toISOString()]).toEqual([
      '1950-05-13T00:00:00.000Z',
      '1950-05-14T00:00:00.000Z',
    ]);
  });

  it('gives a meeting its status from the first session start to the race end', () => {
    const window = meetingWindow([sprintQualifying, race]);
    expect(meetingStatus(window, new Date('2025-03-21T07:29:59Z'))).toBe('upcoming');
    expect(meetingStatus(window, new Date('2025-03-21T07:30:00Z'))).toBe('live');
    expect(meetingStatus(window, new Date('2025-03-23T08:59:59Z'))).toBe('live');
    expect(meetingStatus(window, new Date('2025-03-23T09:00:00Z'))).toBe('completed');
  });

  it('leaves the local time of a day-only session unknown', () => {
    const [entry] = timetable(
      { season: 1950, sprintQualifyingFormat: null, timeZone: 'Europe/London', sessions: [{ kind: 'RACE', date: '1950-05-13', startsAt: null }] },
      new Date('2025-01-01T00:00:00Z'),
      false,
    );
    expect(entry).toMatchObject({ startTime: null, startTimeUtc: null, endTimeUtc: null, gmtOffset: '+01:00', status: 'completed' });
  });
});

describe('uniqueSlugs', () => {
  it('slugs the grand prix names and keeps them unique within the season', () => {
    const meetings = [
      { name: 'Barcelona-Catalunya Grand Prix', round: 7 },
      { name: 'Spanish Grand Prix', round: 14 },
      { name: 'São Paulo Grand Prix', round: 20 },
      { name: 'Spanish  Grand Prix', round: 21 },
    ];
    expect(uniqueSlugs(meetings)).toEqual([
      'barcelona-catalunya-grand-prix',
      'spanish-grand-prix',
      'sao-paulo-grand-prix',
      'spanish-grand-prix-21',
    ]);
  });
});
