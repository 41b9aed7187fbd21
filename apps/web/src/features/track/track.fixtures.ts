import type { TrackCircuit, TrackSeasonResponse } from '@slipstream/contract';

/** Test answers in the shape of GET /api/track/:season (facts as in F1DB). */
export const silverstone: TrackCircuit = {
  key: 'silverstone',
  circuitId: 'silverstone',
  layoutId: 'silverstone-8',
  name: 'Silverstone',
  fullName: 'Silverstone Circuit',
  placeName: 'Silverstone',
  countryName: 'United Kingdom',
  races: [{ round: 12, meetingName: 'British Grand Prix', slug: 'british-grand-prix', date: '2025-07-06' }],
  facts: { type: 'RACE', direction: 'CLOCKWISE', length: 5.891, turns: 18, laps: 52, distance: 306.198 },
  firstGrandPrix: { season: 1950, meetingName: 'British Grand Prix' },
  lastWinners: [
    { season: 2024, meetingName: 'British Grand Prix', slug: 'british-grand-prix', driverName: 'Lewis Hamilton', teamName: 'Mercedes', teamColour: '#27F4D2' },
  ],
  lapRecord: { time: '1:27.097', driverName: 'Max Verstappen', teamName: 'Red Bull', season: 2020, meetingName: 'British Grand Prix' },
};

const monza: TrackCircuit = {
  key: 'monza',
  circuitId: 'monza',
  layoutId: 'monza-7',
  name: 'Monza',
  fullName: 'Autodromo Nazionale di Monza',
  placeName: 'Monza',
  countryName: 'Italy',
  races: [{ round: 16, meetingName: 'Italian Grand Prix', slug: 'italian-grand-prix', date: '2025-09-07' }],
  facts: { type: 'RACE', direction: 'CLOCKWISE', length: 5.793, turns: 11, laps: 53, distance: 306.72 },
  firstGrandPrix: { season: 1950, meetingName: 'Italian Grand Prix' },
  lastWinners: [],
  lapRecord: null,
};

export const track2025: TrackSeasonResponse = { season: 2025, seasons: [2025, 2024], circuits: [silverstone, monza] };
export const track2024: TrackSeasonResponse = {
  season: 2024,
  seasons: [2025, 2024],
  circuits: [{ ...monza, races: [{ ...monza.races[0]!, round: 16, date: '2024-09-01' }] }],
};

/** A 100 × 100 square drawn clockwise on screen from its top-left corner, as the F1DB files are written. */
export const squareSvg =
  '<svg width="500" height="500" xml:space="preserve" xmlns="http://www.w3.org/2000/svg"><path style="fill: none" d="M0 0h100v100H0z"/></svg>';

/** getTotalLength/getPointAtLength of that square (happy-dom does not measure paths). */
export const squarePath = {
  getTotalLength: () => 400,
  getPointAtLength(length: number) {
    const l = ((length % 400) + 400) % 400;
    if (l <= 100) return { x: l, y: 0 };
    if (l <= 200) return { x: 100, y: l - 100 };
    if (l <= 300) return { x: 300 - l, y: 100 };
    return { x: 0, y: 400 - l };
  },
};
