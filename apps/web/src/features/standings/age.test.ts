import { describe, expect, it } from 'vitest';
import { ageOn } from './age';

describe('age', () => {
  it('counts a year more from the birthday on', () => {
    expect(ageOn('1997-09-30', new Date('2025-09-29T23:59:59Z'))).toBe(27);
    expect(ageOn('1997-09-30', new Date('2025-09-30T00:00:00Z'))).toBe(28);
    expect(ageOn('1997-09-30', new Date('2025-12-31T00:00:00Z'))).toBe(28);
    expect(ageOn('1997-09-30', new Date('2026-01-01T00:00:00Z'))).toBe(28);
  });
});
