import { describe, expect, it } from 'vitest';
import { driverStandings, formatPoints, teamPointsShown } from './rules';
import { driver, team } from './standings.fixtures';

const verstappen = driver({ _id: 'max-verstappen', primulNume: 'Max', alDoileaNume: 'Verstappen', pozitie: 1, puncte: 400 });
const norris = driver({ _id: 'lando-norris', primulNume: 'Lando', alDoileaNume: 'Norris', pozitie: 2, puncte: 380 });
const hulkenberg = driver({ _id: 'nico-hulkenberg', primulNume: 'Nico', alDoileaNume: 'Hülkenberg', pozitie: 3, puncte: 101 });
const bearman = driver({ _id: 'oliver-bearman', primulNume: 'Oliver', alDoileaNume: 'Bearman', pozitie: 4, puncte: 100 });

describe('team points', () => {
  it('are shown when every team has points', () => {
    expect(teamPointsShown([team({ _id: 'a', name: 'A', nrpuncte: 10 }), team({ _id: 'b', name: 'B', nrpuncte: 0 })])).toBe(true);
  });

  it('are hidden for all while no team has any', () => {
    expect(teamPointsShown([team({ _id: 'a', name: 'A', nrpuncte: null }), team({ _id: 'b', name: 'B', nrpuncte: null })])).toBe(false);
  });

  it('stay shown for the others when one team has none yet', () => {
    expect(teamPointsShown([team({ _id: 'a', name: 'A', nrpuncte: 10 }), team({ _id: 'b', name: 'B', nrpuncte: null })])).toBe(true);
  });
});

describe('driver standings', () => {
  it('give every driver but the leader a gap under 300 points, named by the leader’s first three letters', () => {
    const { placed, rows } = driverStandings([verstappen, norris, hulkenberg, bearman]);
    expect(placed).toBe(true);
    expect(rows.map((row) => row.gap)).toEqual([null, 'Gap to VER: -20p', 'Gap to VER: -299p', null]);
  });

  it('take the leader by position, and spell its letters without accents', () => {
    const leader = { ...hulkenberg, pozitie: 1, puncte: 50 };
    const { rows } = driverStandings([{ ...verstappen, pozitie: 2, puncte: 40 }, leader]);
    expect(rows.map((row) => row.gap)).toEqual(['Gap to HUL: -10p', null]);
  });

  it('hide positions, points and gaps for all while no driver has a position and points', () => {
    const { placed, rows } = driverStandings([verstappen, norris].map((d) => ({ ...d, pozitie: null, puncte: null })));
    expect(placed).toBe(false);
    expect(rows.every((row) => row.gap === null)).toBe(true);
  });

  it('keep the standings when one driver has none yet, giving that driver no gap', () => {
    for (const unplaced of [{ ...bearman, pozitie: null }, { ...bearman, puncte: null }]) {
      const { placed, rows } = driverStandings([verstappen, norris, unplaced]);
      expect(placed).toBe(true);
      expect(rows.map((row) => row.gap)).toEqual([null, 'Gap to VER: -20p', null]);
    }
  });
});

describe('points', () => {
  it('are whole numbers, or with the half point of a shortened race', () => {
    expect(formatPoints(1234)).toBe('1234');
    expect(formatPoints(12.5)).toBe('12.5');
  });
});
