import { describe, expect, it } from 'vitest';
import { groupSessionsByDay, meetingDays, sessionLabel } from './sessions';
import { chineseGrandPrix, daySession, lasVegasGrandPrix, timedSession } from '../../test/meetings.fixtures';

const days = (timeZone: string) =>
  groupSessionsByDay(lasVegasGrandPrix.timetables, { timeZone }).map(({ day, sessions }) => [
    day,
    sessions.map((entry) => entry.description),
  ]);

describe('sessions by day', () => {
  it('groups a weekend by the days of the given time zone', () => {
    // 00:30 and 04:00 UTC are the evening before in New York and the morning and afternoon of the same day in Tokyo.
    expect(days('America/New_York')).toEqual([
      ['2025-11-20', ['Practice 1', 'Practice 2']],
      ['2025-11-21', ['Practice 3', 'Qualifying']],
      ['2025-11-22', ['Race']],
    ]);
    expect(days('Asia/Tokyo')).toEqual([
      ['2025-11-21', ['Practice 1', 'Practice 2']],
      ['2025-11-22', ['Practice 3', 'Qualifying']],
      ['2025-11-23', ['Race']],
    ]);
  });

  it('can split a day that another zone keeps together', () => {
    const friday = [timedSession('FREE_PRACTICE_1', '2025-03-21T03:30:00.000Z'), timedSession('SPRINT_QUALIFYING', '2025-03-21T07:30:00.000Z')];
    expect(groupSessionsByDay(friday, { timeZone: 'Asia/Shanghai' }).map(({ day }) => day)).toEqual(['2025-03-21']);
    expect(groupSessionsByDay(friday, { timeZone: 'America/Los_Angeles' }).map(({ day }) => day)).toEqual([
      '2025-03-20',
      '2025-03-21',
    ]);
  });

  it('puts sessions in running order whatever order they come in', () => {
    const [first, second] = lasVegasGrandPrix.timetables;
    const grouped = groupSessionsByDay([second!, first!], { timeZone: 'UTC' });
    expect(grouped[0]!.sessions.map((entry) => entry.session)).toEqual(['FREE_PRACTICE_1', 'FREE_PRACTICE_2']);
  });

  it('keeps a session known only by its day on that day in every zone', () => {
    const race = [daySession('RACE', '2010-03-14')];
    expect(groupSessionsByDay(race, { timeZone: 'Pacific/Honolulu' })[0]!.day).toBe('2010-03-14');
    expect(groupSessionsByDay(race, { timeZone: 'Pacific/Auckland' })[0]!.day).toBe('2010-03-14');
  });
});

describe('a weekend’s days', () => {
  it('span the first session to the last, with the race day in the given zone', () => {
    expect(meetingDays(lasVegasGrandPrix, { timeZone: 'America/Los_Angeles' })).toEqual({
      firstDay: '2025-11-20',
      lastDay: '2025-11-22',
      raceDay: '2025-11-22',
    });
    expect(meetingDays(lasVegasGrandPrix, { timeZone: 'Europe/London' }).raceDay).toBe('2025-11-23');
  });
});

describe('session names on the schedule', () => {
  it('call the sprint "Sprint Race" beside "Sprint Qualifying" and keep the others', () => {
    expect(chineseGrandPrix.timetables.map(sessionLabel)).toEqual([
      'Practice 1',
      'Sprint Qualifying',
      'Sprint Race',
      'Qualifying',
      'Race',
    ]);
  });
});
