import { describe, expect, it } from 'vitest';
import { clip, htmlToText, plainText } from './html';

describe('htmlToText', () => {
  it('keeps the text of markup and decodes entities', () => {
    expect(htmlToText('<p>Hello <b>world</b> &amp; &#8217;friends&#8217;</p>')).toBe('Hello world & ’friends’');
  });

  it('drops scripts, styles and frames with their content', () => {
    const html = '<script>alert(1)</script>Safe<style>p{}</style><iframe src="x">inner</iframe><noscript>n</noscript> text';
    expect(htmlToText(html)).toBe('Safe text');
  });

  it('drops attributes, so event handlers and javascript: links go too', () => {
    expect(htmlToText('<img src=x onerror="alert(1)"><a href="javascript:alert(2)">link</a>')).toBe('link');
  });

  it('separates the words of separate blocks and collapses whitespace', () => {
    expect(htmlToText('<p>one</p><p>two</p>\n\n  three<br>four')).toBe('one two three four');
  });

  it('leaves plain text as it is, a lone "<" included', () => {
    expect(htmlToText('Ferrari < McLaren on pace')).toBe('Ferrari < McLaren on pace');
  });

  it('hides the rest of a document after a script that is never closed', () => {
    expect(htmlToText('visible<script>alert(1)')).toBe('visible');
  });
});

describe('clip', () => {
  it('leaves short text alone', () => {
    expect(clip('short', 10)).toBe('short');
  });

  it('cuts at a word boundary and marks the cut', () => {
    expect(clip('the quick brown fox jumps', 16)).toBe('the quick brown…');
    expect(clip('the quick brown fox jumps', 16).length).toBeLessThanOrEqual(16);
  });

  it('cuts inside a word when there is no boundary in reach', () => {
    expect(clip('abcdefghijklmnop', 8)).toBe('abcdefg…');
  });
});

describe('plainText', () => {
  it('flattens then clips', () => {
    expect(plainText('<b>bold</b> move by the leader', 10)).toBe('bold move…');
  });
});
