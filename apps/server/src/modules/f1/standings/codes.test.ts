import { describe, expect, it } from 'vitest';
import { assignDriverCodes } from './codes';

const driver = (id: string, lastName: string, abbreviation: string) => ({ id, lastName, abbreviation });

describe('assignDriverCodes', () => {
  it('gives every driver the first three letters of the surname when they are unique', () => {
    const codes = assignDriverCodes([driver('nico-hulkenberg', 'Hülkenberg', 'HUL'), driver('carlos-sainz-jr', 'Sainz Jr.', 'SAI')]);
    expect(Object.fromEntries(codes)).toEqual({ 'nico-hulkenberg': 'HUL', 'carlos-sainz-jr': 'SAI' });
  });

  it('keeps the shared letters for the better placed and gives the other the F1DB abbreviation (2006)', () => {
    const codes = assignDriverCodes([driver('michael-schumacher', 'Schumacher', 'MSC'), driver('ralf-schumacher', 'Schumacher', 'RSC')]);
    expect(Object.fromEntries(codes)).toEqual({ 'michael-schumacher': 'SCH', 'ralf-schumacher': 'RSC' });
  });

  it('numbers the letters when the abbreviation is taken too (Montoya and Monteiro, 2005)', () => {
    const codes = assignDriverCodes([driver('juan-pablo-montoya', 'Montoya', 'MOY'), driver('tiago-monteiro', 'Monteiro', 'MON')]);
    expect(Object.fromEntries(codes)).toEqual({ 'juan-pablo-montoya': 'MON', 'tiago-monteiro': 'MON2' });
  });

  it('lets a surname keep its letters over a lower-placed driver\'s abbreviation', () => {
    // Made-up drivers: B loses ABC to A, and B's abbreviation is the surname code of C, placed below B.
    const codes = assignDriverCodes([driver('a', 'Abcott', 'ABO'), driver('b', 'Abcley', 'DEF'), driver('c', 'Defoe', 'DFO')]);
    expect(Object.fromEntries(codes)).toEqual({ a: 'ABC', b: 'ABC2', c: 'DEF' });
  });
});
