import { describe, expect, it } from 'vitest';
import { httpUrlOrNull } from './url';

describe('httpUrlOrNull', () => {
  it('keeps http and https links', () => {
    expect(httpUrlOrNull('https://www.formula1.com/en/latest')).toBe('https://www.formula1.com/en/latest');
    expect(httpUrlOrNull(' http://example.org/a ')).toBe('http://example.org/a');
  });

  it('resolves a relative link against the base', () => {
    expect(httpUrlOrNull('/news/1', 'https://example.org/feed.xml')).toBe('https://example.org/news/1');
  });

  it('refuses every other scheme and anything unparsable', () => {
    for (const value of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'mailto:a@b.c', 'ftp://x/y', 'not a url', '', undefined, null]) {
      expect(httpUrlOrNull(value)).toBeNull();
    }
  });

  it('does not let a base turn a javascript: link into a web link', () => {
    expect(httpUrlOrNull('javascript:alert(1)', 'https://example.org/')).toBeNull();
  });
});
