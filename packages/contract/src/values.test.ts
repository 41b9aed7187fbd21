import { describe, expect, it } from 'vitest';
import { meetingAddress, zonedTime } from './values';
import { meetingParams } from './f1';
import { wallTime } from './admin';

describe('zonedTime', () => {
  it('reads the wall clock and the offset of a zone on that day, daylight saving included', () => {
    // Melbourne is on summer time (UTC+11) in March and back on UTC+10 from April.
    expect(zonedTime(new Date('2025-03-14T01:30:00Z'), 'Australia/Melbourne')).toEqual({ date: '2025-03-14', time: '12:30:00', offset: '+11:00' });
    expect(zonedTime(new Date('2025-04-14T01:30:00Z'), 'Australia/Melbourne')).toEqual({ date: '2025-04-14', time: '11:30:00', offset: '+10:00' });
    expect(zonedTime(new Date('2025-06-29T13:00:00Z'), 'America/St_Johns').offset).toBe('-02:30');
    expect(zonedTime(new Date('2025-01-10T23:30:00Z'), 'Europe/London')).toEqual({ date: '2025-01-10', time: '23:30:00', offset: '+00:00' });
  });

  it('gives the admin forms their day and minute', () => {
    expect(wallTime(new Date('2025-07-06T14:00:00Z'), 'Europe/London')).toEqual({ date: '2025-07-06', time: '15:00' });
  });
});

describe('meetingAddress', () => {
  it('takes exactly the addresses the API’s meetingParams takes, without zod', () => {
    const cases: [string, string][] = [
      ['2025', 'british-grand-prix'],
      ['1950', 'british-grand-prix'],
      ['1949', 'british-grand-prix'],
      ['2101', 'british-grand-prix'],
      ['2025.5', 'british-grand-prix'],
      ['', 'british-grand-prix'],
      ['twenty', 'british-grand-prix'],
      ['2025', 'British-Grand-Prix'],
      ['2025', 'british--grand-prix'],
      ['2025', ''],
    ];
    for (const [year, slug] of cases) {
      const parsed = meetingParams.safeParse({ year, slug });
      expect(meetingAddress(year, slug), `${year}/${slug}`).toEqual(parsed.success ? parsed.data : undefined);
    }
  });
});
