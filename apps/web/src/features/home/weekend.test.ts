import { describe, expect, it } from 'vitest';
import type { HeroMeeting, TimetableEntry } from '@slipstream/contract';
import { britishGrandPrix } from './home.fixtures';
import { countdown, featuredSession, meetingPhase, sessionPhase, weekendDays } from './weekend';

const at = (iso: string) => Date.parse(iso);
const timetable = britishGrandPrix.meetingContext.timetables;
const qualifying = timetable.find((entry) => entry.session === 'QUALIFYING')!;

describe('featuredSession', () => {
  it('is the next session to start while none runs', () => {
    const session = featuredSession(timetable, at('2025-07-05T12:00:00Z'));
    expect(session).toMatchObject({ phase: 'upcoming', entry: { description: 'Qualifying' } });
  });

  it('is the running session, Live, from its first second to the end of its assumed hour', () => {
    expect(featuredSession(timetable, at('2025-07-05T14:00:00Z'))).toMatchObject({ phase: 'live', entry: qualifying });
    expect(featuredSession(timetable, at('2025-07-05T14:59:59Z'))).toMatchObject({ phase: 'live', entry: qualifying });
    expect(featuredSession(timetable, at('2025-07-05T15:00:00Z'))).toMatchObject({ phase: 'upcoming', entry: { description: 'Race' } });
  });

  it('skips a session the admin cancelled, counting down to the one after it', () => {
    const cancelled = timetable.map((entry) => (entry === qualifying ? { ...entry, cancelled: true as const } : entry));
    expect(featuredSession(cancelled, at('2025-07-05T12:00:00Z'))).toMatchObject({ phase: 'upcoming', entry: { description: 'Race' } });
    expect(featuredSession(cancelled, at('2025-07-05T14:30:00Z'))).toMatchObject({ phase: 'upcoming', entry: { description: 'Race' } });
  });

  it('keeps the race Live for its two hours, then has nothing left', () => {
    expect(featuredSession(timetable, at('2025-07-06T15:59:59Z'))?.phase).toBe('live');
    expect(featuredSession(timetable, at('2025-07-06T16:00:00Z'))).toBeNull();
  });

  it('ends sprint qualifying after 44 minutes, as the server sends its window', () => {
    const sprintQualifying: TimetableEntry = {
      ...qualifying,
      session: 'SPRINT_QUALIFYING',
      description: 'Sprint Qualifying',
      startTimeUtc: '2025-07-25T14:30:00.000Z',
      endTimeUtc: '2025-07-25T15:14:00.000Z',
    };
    expect(sessionPhase(sprintQualifying, at('2025-07-25T15:13:59Z'))).toBe('live');
    expect(sessionPhase(sprintQualifying, at('2025-07-25T15:14:00Z'))).toBe('completed');
  });

  it('takes a session known only by its day to span that day', () => {
    const dayOnly: TimetableEntry = { ...qualifying, startTime: null, startTimeUtc: null, endTimeUtc: null, date: '2025-07-05' };
    expect(sessionPhase(dayOnly, at('2025-07-04T23:59:59Z'))).toBe('upcoming');
    expect(sessionPhase(dayOnly, at('2025-07-05T23:59:59Z'))).toBe('live');
    expect(sessionPhase(dayOnly, at('2025-07-06T00:00:00Z'))).toBe('completed');
  });
});

describe('countdown', () => {
  const upcomingQualifying = { entry: qualifying, phase: 'upcoming', startsAt: at('2025-07-05T14:00:00Z') } as const;

  it('shows nothing for a session more than 24 hours away', () => {
    expect(countdown(upcomingQualifying, at('2025-07-04T13:59:59Z'))).toBeNull();
  });

  it('counts down from 24 hours before the session', () => {
    expect(countdown(upcomingQualifying, at('2025-07-04T14:00:00Z'))).toEqual({ kind: 'remaining', ms: 24 * 60 * 60 * 1000 });
    expect(countdown(upcomingQualifying, at('2025-07-05T13:59:59Z'))).toEqual({ kind: 'remaining', ms: 1000 });
  });

  it('reads "Session started" once the session runs', () => {
    const now = at('2025-07-05T14:00:00Z');
    expect(countdown(featuredSession(timetable, now)!, now)).toEqual({ kind: 'started' });
  });
});

describe('meetingPhase', () => {
  it('runs from the first session to the end of the race', () => {
    expect(meetingPhase(britishGrandPrix, at('2025-07-04T11:29:59Z'))).toBe('upcoming');
    expect(meetingPhase(britishGrandPrix, at('2025-07-04T11:30:00Z'))).toBe('live');
    expect(meetingPhase(britishGrandPrix, at('2025-07-06T16:00:00Z'))).toBe('completed');
  });
});

describe('weekendDays', () => {
  it('gives the days in the site’s one format', () => {
    expect(weekendDays(britishGrandPrix, 'Europe/London')).toBe('04–06/07/2025');
  });

  it('names both months across a month end', () => {
    const [first, ...rest] = britishGrandPrix.meetingContext.timetables;
    const acrossMonths: HeroMeeting = {
      ...britishGrandPrix,
      meetingContext: {
        ...britishGrandPrix.meetingContext,
        timetables: [{ ...first!, startTimeUtc: '2025-06-30T11:30:00.000Z' }, ...rest],
      },
    };
    expect(weekendDays(acrossMonths, 'Europe/London')).toBe('30/06–06/07/2025');
  });

  it('reads the days in the visitor’s zone, as the meeting page does', () => {
    // Qatar 2026: the race at 16:00 UTC on Sunday 29 November is 01:00 on Monday in Tokyo.
    const qatar: HeroMeeting = {
      ...britishGrandPrix,
      meetingContext: {
        ...britishGrandPrix.meetingContext,
        timetables: [
          { ...qualifying, startTimeUtc: '2026-11-27T13:30:00.000Z' },
          { ...qualifying, startTimeUtc: '2026-11-29T16:00:00.000Z' },
        ],
      },
    };
    expect(weekendDays(qatar, 'Asia/Tokyo')).toBe('27–30/11/2026');
    expect(weekendDays(qatar, 'Europe/London')).toBe('27–29/11/2026');
  });
});

