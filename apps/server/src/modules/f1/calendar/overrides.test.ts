import { describe, expect, it } from 'vitest';
import { applySessionOverrides, type SessionOverride } from './overrides';
import type { SessionRecord } from './timetable';

const imported: SessionRecord[] = [
  { kind: 'FREE_PRACTICE_1', date: '2025-07-04', startsAt: '2025-07-04T11:30:00.000Z' },
  { kind: 'RACE', date: '2025-07-06', startsAt: '2025-07-06T14:00:00.000Z' },
];
const override = (changes: Partial<SessionOverride> & Pick<SessionOverride, 'kind'>): SessionOverride => ({
  raceId: 1137,
  added: false,
  startsAt: null,
  cancelled: false,
  removed: false,
  updatedAt: new Date('2025-07-01T00:00:00Z'),
  ...changes,
});

describe('applySessionOverrides', () => {
  it('leaves the import alone without overrides', () => {
    expect(applySessionOverrides(imported, [])).toEqual({ sessions: imported, cancelled: [] });
  });

  it('moves, removes, cancels and adds', () => {
    const result = applySessionOverrides(imported, [
      override({ kind: 'RACE', startsAt: new Date('2025-07-07T00:30:00Z') }),
      override({ kind: 'FREE_PRACTICE_1', cancelled: true }),
      override({ kind: 'SPRINT', added: true, startsAt: new Date('2025-07-05T10:00:00Z') }),
    ]);
    expect(result.sessions).toEqual([
      { kind: 'RACE', date: '2025-07-07', startsAt: '2025-07-07T00:30:00.000Z' },
      { kind: 'SPRINT', date: '2025-07-05', startsAt: '2025-07-05T10:00:00.000Z' },
    ]);
    expect(result.cancelled).toEqual([imported[0]]);
    expect(applySessionOverrides(imported, [override({ kind: 'FREE_PRACTICE_1', removed: true })]).sessions).toEqual([imported[1]]);
  });

  it('moves the imported session when a later import gains the kind the admin had added', () => {
    const sprint = { kind: 'SPRINT' as const, date: '2025-07-05', startsAt: '2025-07-05T09:00:00.000Z' };
    const result = applySessionOverrides([...imported, sprint], [override({ kind: 'SPRINT', added: true, startsAt: new Date('2025-07-05T10:00:00Z') })]);
    expect(result.sessions.filter((s) => s.kind === 'SPRINT')).toEqual([{ ...sprint, startsAt: '2025-07-05T10:00:00.000Z' }]);
  });
});
