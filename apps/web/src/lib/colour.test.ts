import { describe, expect, it } from 'vitest';
import { cssColour, readableTextOn } from './colour';

describe('team colours', () => {
  it('accepts colours with or without #, and falls back to a neutral grey', () => {
    expect(cssColour('3671C6')).toBe('#3671c6');
    expect(cssColour('#FF8000')).toBe('#ff8000');
    expect(cssColour('')).toBe('#55555f');
    expect(cssColour(null)).toBe('#55555f');
    expect(cssColour('red')).toBe('#55555f');
  });

  it('puts white text on dark colours and black text on light ones', () => {
    expect(readableTextOn('#3671C6')).toBe('#ffffff'); // Red Bull blue
    expect(readableTextOn('#27F4D2')).toBe('#000000'); // Mercedes teal
    expect(readableTextOn('#FF8000')).toBe('#000000'); // McLaren papaya
    expect(readableTextOn('#E8002D')).toBe('#ffffff'); // Ferrari red
    expect(readableTextOn('#FFFFFF')).toBe('#000000');
  });
});
