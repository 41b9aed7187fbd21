import ICAL from 'ical.js';
import { eq, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { auditEntries, raceSessions } from '../../../db/schema';
import { openF1TestDatabase } from '../../../test/f1-database';
import { SEED, openSeededDatabase, requestAt } from '../../../test/f1-seed';

type ParsedEvent = { uid: string; summary: string; start: ICAL.Time; end: ICAL.Time; sequence: number; stamp: string };

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((component): ParsedEvent => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate,
      end: event.endDate,
      sequence: event.sequence,
      stamp: String(component.getFirstPropertyValue('dtstamp')),
    };
  });
  return { calendar, events };
}

/** An instant's wall-clock time in a zone, "2025-07-06 10:00". */
function wallClock(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(instant);
}

describe('GET /api/calendar/{season}.ics on the full F1DB data', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openF1TestDatabase();
  });
  afterAll(() => database.close());

  it('puts the 2025 British Grand Prix race at 14:00Z, the right local time in every zone', async () => {
    // The clock is before the season: a calendar shows the future, whatever the racing clock says.
    const response = await requestAt(database, '2025-01-01T00:00:00Z', '/api/calendar/2025.ics?sessions=main');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body).toMatch(/\r\nDTSTART:20250706T140000Z\r\n/);

    const { events } = parseCalendar(response.body);
    const race = events.find((e) => e.summary === 'F1 British Grand Prix: Race');
    expect(race).toBeDefined();
    expect(race!.start.zone).toBe(ICAL.Timezone.utcTimezone);
    const start = race!.start.toJSDate();
    expect(start.toISOString()).toBe('2025-07-06T14:00:00.000Z');
    expect(race!.end.toJSDate().toISOString()).toBe('2025-07-06T16:00:00.000Z');
    expect(wallClock(start, 'Europe/London')).toBe('2025-07-06 15:00');
    expect(wallClock(start, 'America/New_York')).toBe('2025-07-06 10:00');
    expect(wallClock(start, 'Australia/Melbourne')).toBe('2025-07-07 00:00');
    // Only qualifying, sprint and race: 24 races, 24 qualifyings and the 6 sprints of 2025.
    expect(events.filter((e) => e.summary.endsWith(': Race'))).toHaveLength(24);
    expect(events.filter((e) => e.summary.endsWith(': Sprint'))).toHaveLength(6);
    expect(events).toHaveLength(24 + 24 + 6);
  });
});

describe('GET /api/calendar on the seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openSeededDatabase();
  });
  afterAll(() => database.close());

  const get = (url: string) => requestAt(database, '2025-03-01T00:00:00Z', url);

  it('lists every session of the season with stable UIDs, a stamp and a sequence', async () => {
    const response = await get('/api/calendar/2025.ics');
    expect(response.statusCode).toBe(200);
    const { calendar, events } = parseCalendar(response.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Formula 1 2025');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT6H');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT6H');
    // Australia 5, China 5 (sprint weekend), Japan 5.
    expect(events).toHaveLength(15);
    expect(new Set(events.map((e) => e.uid)).size).toBe(15);
    expect(events.map((e) => e.summary).slice(5, 10)).toEqual([
      'F1 Chinese Grand Prix: Practice 1',
      'F1 Chinese Grand Prix: Sprint Qualifying',
      'F1 Chinese Grand Prix: Sprint',
      'F1 Chinese Grand Prix: Qualifying',
      'F1 Chinese Grand Prix: Race',
    ]);
    expect(events.find((e) => e.summary === 'F1 Chinese Grand Prix: Race')!.uid).toBe(`f1-${SEED.china2025}-race@localhost:3000`);
    // DTSTAMP and LAST-MODIFIED are the seed's import time, so the feed does not change between requests.
    expect(events[0]!.stamp).toBe('2025-03-24T06:00:05Z');
    expect(events[0]!.sequence).toBe(1);
    expect((await get('/api/calendar/2025.ics')).body).toBe(response.body);
    // Every line is at most 75 octets and ends in CRLF.
    expect(response.body.endsWith('\r\n')).toBe(true);
    for (const line of response.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('keeps only qualifying, sprint and race with sessions=main', async () => {
    const { calendar, events } = parseCalendar((await get('/api/calendar/2025.ics?sessions=main')).body);
    // NAME (RFC 7986) and X-WR-CALNAME are TEXT for the calendars that read them (ical.js does not type them),
    // so the comma stays escaped in what it gives back.
    expect(calendar.getFirstPropertyValue('name')).toBe('Formula 1 2025: qualifying\\, sprint and race');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Formula 1 2025: qualifying\\, sprint and race');
    expect(events.map((e) => e.summary.split(': ')[1])).toEqual(['Qualifying', 'Race', 'Sprint', 'Qualifying', 'Race', 'Qualifying', 'Race']);
  });

  it('gives one meeting its own feed', async () => {
    const response = await get('/api/calendar/2025/2.ics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('inline; filename="slipstream-f1-2025-round-2.ics"');
    const { calendar, events } = parseCalendar(response.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Chinese Grand Prix 2025');
    expect(events.map((e) => [e.summary, e.start.toJSDate().toISOString()])).toEqual([
      ['F1 Chinese Grand Prix: Practice 1', '2025-03-21T03:30:00.000Z'],
      ['F1 Chinese Grand Prix: Sprint Qualifying', '2025-03-21T07:30:00.000Z'],
      ['F1 Chinese Grand Prix: Sprint', '2025-03-22T03:00:00.000Z'],
      ['F1 Chinese Grand Prix: Qualifying', '2025-03-22T07:00:00.000Z'],
      ['F1 Chinese Grand Prix: Race', '2025-03-23T07:00:00.000Z'],
    ]);
    const race = calendar.getAllSubcomponents('vevent').at(-1)!;
    expect(race.getFirstPropertyValue('location')).toBe('Shanghai International Circuit, Shanghai, China');
    expect(race.getFirstPropertyValue('url')).toBe('http://localhost:3000/schedule/2025/chinese-grand-prix');
  });

  it('reads a season without race_sessions rows from the race itself', async () => {
    const { events } = parseCalendar((await get('/api/calendar/2024.ics')).body);
    expect(events.map((e) => [e.summary, e.start.toJSDate().toISOString()])).toContainEqual([
      'F1 Bahrain Grand Prix: Race',
      '2024-03-02T15:00:00.000Z',
    ]);
  });

  it('answers 400 for a bad file or filter and 404 for an unknown season or round', async () => {
    expect((await get('/api/calendar/2025.ics?sessions=some')).statusCode).toBe(400);
    expect((await get('/api/calendar/twenty.ics')).statusCode).toBe(400);
    expect((await get('/api/calendar/2025')).statusCode).toBe(400);
    expect((await get('/api/calendar/2025/x.ics')).statusCode).toBe(400);
    const unknownSeason = await get('/api/calendar/1990.ics');
    expect(unknownSeason.statusCode).toBe(404);
    expect(unknownSeason.json()).toEqual({ message: 'No F1 season 1990 in the data' });
    expect((await get('/api/calendar/2025/9.ics')).json()).toEqual({ message: 'No round 9 in the 2025 season' });
  });
});

describe('a schedule change', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openSeededDatabase();
  });
  afterAll(() => database.close());

  it('moves the event, raises its sequence and stamps it, and writes a day-only session as an all-day event', async () => {
    const before = parseCalendar((await requestAt(database, '2025-03-01T00:00:00Z', '/api/calendar/2025/3.ics')).body).events;
    const race = (events: ParsedEvent[]) => events.find((e) => e.summary.endsWith('Race'))!;

    // What an admin session edit does: change the session and record an audit entry, in one transaction.
    await database.db.transaction(async (tx) => {
      await tx
        .update(raceSessions)
        .set({ startsAt: new Date('2025-04-06T06:00:00Z') })
        .where(and(eq(raceSessions.raceId, SEED.japan2025), eq(raceSessions.kind, 'RACE')));
      await tx
        .update(raceSessions)
        .set({ startsAt: null })
        .where(and(eq(raceSessions.raceId, SEED.japan2025), eq(raceSessions.kind, 'FREE_PRACTICE_1')));
      await tx.insert(auditEntries).values({
        at: new Date('2025-03-30T10:00:00Z'),
        actorEmail: 'admin@example.com',
        action: 'session.move',
        targetType: 'race',
        targetId: String(SEED.japan2025),
      });
    });
    const response = await requestAt(database, '2025-03-01T00:00:00Z', '/api/calendar/2025/3.ics');
    const after = parseCalendar(response.body).events;

    expect(race(after).uid).toBe(race(before).uid);
    expect(race(after).start.toJSDate().toISOString()).toBe('2025-04-06T06:00:00.000Z');
    expect(race(after).sequence).toBeGreaterThan(race(before).sequence);
    expect(race(after).stamp).toBe('2025-03-30T10:00:00Z');
    expect(response.body).toContain('\r\nDTSTART;VALUE=DATE:20250404\r\nDTEND;VALUE=DATE:20250405\r\n');
    const practice = after.find((e) => e.summary.endsWith('Practice 1'))!;
    expect(practice.start.isDate).toBe(true);
  });
});
