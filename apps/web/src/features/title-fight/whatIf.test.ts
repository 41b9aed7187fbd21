import { describe, expect, it } from 'vitest';
import { moveDriver, placeDriver, readPicks, winsAll, withOrder, writePicks } from './whatIf';

const race = (round: number) => ({ round, kind: 'RACE' as const });
const sprint = (round: number) => ({ round, kind: 'SPRINT' as const });

describe('the what-if picks', () => {
  it('read and write the address form', () => {
    const picks = readPicks('22-VER*.HAM_21s-HAM');
    expect(picks.get('22')).toEqual({ round: 22, kind: 'RACE', codes: ['VER', 'HAM'], fastestLap: 'VER' });
    expect(picks.get('21s')).toEqual({ round: 21, kind: 'SPRINT', codes: ['HAM'], fastestLap: null });
    // Written in event order, the sprint before its race.
    expect(writePicks(picks)).toBe('21s-HAM_22-VER*.HAM');
    expect(readPicks(null).size).toBe(0);
  });

  it('place a driver, moving the others down, and move drivers up and down', () => {
    expect(placeDriver(['VER', 'HAM', 'BOT'], 'BOT', 0)).toEqual(['BOT', 'VER', 'HAM']);
    expect(placeDriver(['VER', 'HAM'], 'SAI', 2)).toEqual(['VER', 'HAM', 'SAI']);
    expect(moveDriver(['VER', 'HAM'], 1, -1)).toEqual(['HAM', 'VER']);
    expect(moveDriver(['VER', 'HAM'], 1, 1)).toEqual(['VER', 'HAM']);
  });

  it('drop an event emptied and a fastest lap outside the order', () => {
    const picks = withOrder(readPicks('22-VER*.HAM'), race(22), ['HAM'], 'VER');
    expect(picks.get('22')).toMatchObject({ codes: ['HAM'], fastestLap: null });
    expect(withOrder(picks, race(22), [], null).size).toBe(0);
  });

  it('make one driver win everything, with the fastest lap where it scores', () => {
    const picks = winsAll([sprint(21), race(21), race(22)], readPicks('22-HAM.VER'), 'VER', true);
    expect(writePicks(picks)).toBe('21s-VER_21-VER*_22-VER*.HAM');
    expect(writePicks(winsAll([race(24)], new Map(), 'NOR', false))).toBe('24-NOR');
  });
});
