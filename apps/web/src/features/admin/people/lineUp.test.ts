import { describe, expect, it } from 'vitest';
import { lineUpReplacement } from '@slipstream/contract';
import { checkLineUp } from './lineUp';

const season = {
  year: 2025,
  rounds: 24,
  drivers: [
    { id: 'lando-norris', name: 'Lando Norris' },
    { id: 'oscar-piastri', name: 'Oscar Piastri' },
    { id: 'pato-oward', name: 'Pato O’Ward' },
  ],
};
const seat = (driverId: string, rounds: string) => ({ driverId, rounds });

describe('checking a line-up before it is sent', () => {
  it('sends the drivers with their rounds read from the ranges', () => {
    expect(checkLineUp([seat('lando-norris', '1-24'), seat('oscar-piastri', '1-5, 7-24'), seat('pato-oward', '6')], season)).toEqual({
      drivers: [
        { driverId: 'lando-norris', rounds: Array.from({ length: 24 }, (_, i) => i + 1) },
        { driverId: 'oscar-piastri', rounds: [1, 2, 3, 4, 5, ...Array.from({ length: 18 }, (_, i) => i + 7)] },
        { driverId: 'pato-oward', rounds: [6] },
      ],
    });
  });

  it('says each mistake in words, never as a field path', () => {
    const problems = [
      checkLineUp([], season),
      checkLineUp(Array.from({ length: 7 }, () => seat('lando-norris', '1')), season),
      checkLineUp([seat('', '1-24')], season),
      checkLineUp([seat('lando-norris', '1-12'), seat('lando-norris', '13-24')], season),
      checkLineUp([seat('lando-norris', 'all')], season),
      checkLineUp([seat('lando-norris', '1-24'), seat('oscar-piastri', '1, 31')], season),
      checkLineUp([seat('lando-norris', '1-24'), seat('oscar-piastri', '1-24'), seat('pato-oward', '6')], season),
    ].map((checked) => ('problem' in checked ? checked.problem : 'sent'));
    expect(problems).toEqual([
      'Add at least one driver.',
      'A team has at most 6 race drivers in a season: remove one.',
      'Choose a driver for every row.',
      'Lando Norris is listed twice: list each driver once, with all their rounds.',
      'Rounds “all” are not rounds: write them as 1-12, 15.',
      'Oscar Piastri: the 2025 season has 24 rounds, so there is no round 31.',
      'Round 6 has more than 2 drivers: a team races 2 cars.',
    ]);
    for (const problem of problems) expect(problem).not.toMatch(/Invalid|drivers\.\d|expected/);
  });

  it('lets through only what the API accepts', () => {
    const checked = checkLineUp([seat('lando-norris', '1-24'), seat('oscar-piastri', '1-24')], season);
    expect('drivers' in checked && lineUpReplacement.safeParse({ drivers: checked.drivers }).success).toBe(true);
  });
});
