import { describe, expect, it } from 'vitest';
import { archiveSessionStarts } from '../../db/schema';
import { loadSeasonMeetings } from '../../modules/f1/calendar/queries';
import { storeSeasonSessionStarts } from './session-starts';
import { useF1DatabaseAndArchive } from '../../test/f1-archive';

describe('session start times from the archive’s season index', () => {
  const recorded = useF1DatabaseAndArchive();

  it('times the 2023 sessions F1DB leaves untimed, and the calendar reads them', async () => {
    const before = await loadSeasonMeetings(recorded.db(), 2023);
    const bahrain = before.find((meeting) => meeting.round === 1)!;
    expect(bahrain.sessions.find((s) => s.kind === 'RACE')!.startsAt).toBeNull();

    const client = recorded.archiveClient();
    const stored = await storeSeasonSessionStarts(recorded.db(), client, 2023);
    // F1DB times every 2023 session but the races: each of the 22 races gets the index's time, nothing else.
    expect(stored).toBe(22);
    const rows = await recorded.db().select({ kind: archiveSessionStarts.kind }).from(archiveSessionStarts);
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['RACE']));

    const after = await loadSeasonMeetings(recorded.db(), 2023);
    const timed = after.find((meeting) => meeting.round === 1)!;
    // The index's local 18:00 at GMT+3.
    expect(timed.sessions.find((s) => s.kind === 'RACE')!.startsAt).toBe('2023-03-05T15:00:00.000Z');
    expect(timed.time).toBe('15:00:00');
    expect(after.every((meeting) => meeting.sessions.every((s) => s.startsAt === null || s.startsAt.slice(0, 10) === s.date))).toBe(true);

    expect(await storeSeasonSessionStarts(recorded.db(), client, 2023)).toBe(0);
  });
});
