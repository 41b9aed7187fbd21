import { describe, expect, it } from 'vitest';
import { initials } from './text';

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Max Verstappen')).toBe('MV');
    expect(initials('  Andrea Kimi  Antonelli ')).toBe('AA');
    expect(initials('lando')).toBe('L');
    expect(initials('Ölafur Øberg')).toBe('ÖØ');
  });
});
