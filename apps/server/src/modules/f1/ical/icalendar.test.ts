import { describe, expect, it } from 'vitest';
import { contentLine, escapeText, foldLine, utcDateTime } from './icalendar';

describe('iCalendar content lines', () => {
  it('escapes backslashes, semicolons, commas and newlines in TEXT', () => {
    expect(escapeText('a\\b; c, d\r\ne\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('folds at 75 octets with a leading space, never inside a UTF-8 character', () => {
    const line = `SUMMARY:${'São Paulo Grand Prix – Sprint Qualifying ✓ '.repeat(4)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const part of lines) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    lines.slice(1).forEach((part) => expect(part.startsWith(' ')).toBe(true));
    // Unfolding (remove CRLF + one space) gives the line back, so no character was cut.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('leaves a short line alone and quotes parameter values with separators', () => {
    expect(foldLine('VERSION:2.0')).toBe('VERSION:2.0');
    expect(contentLine({ name: 'X-TEST', params: { VALUE: 'URI', LABEL: 'a:b' }, value: 'x' })).toBe('X-TEST;VALUE=URI;LABEL="a:b":x');
  });

  it('writes UTC date-times with a Z', () => {
    expect(utcDateTime(new Date('2025-07-06T14:00:00.000Z'))).toBe('20250706T140000Z');
  });
});
