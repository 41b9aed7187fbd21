/** A favourite driver and team in the API's shapes, for the tests of the pages that show or choose them. */

export const AFTER_HUNGARY = { race: { raceId: 1160, season: 2026, round: 11, meetingName: 'Hungarian Grand Prix', slug: 'hungarian-grand-prix', date: '2026-07-26' }, racesMissing: 0 };

export const piastri = {
  _id: 'oscar-piastri', code: 'PIA', primulNume: 'Oscar', alDoileaNume: 'Piastri', echipa: 'McLaren', constructorId: 'mclaren', puncte: null, pozitie: 2,
  culoare: 'FF8000', steag: null, poza: null, nrFani: 3, number: '81', abbreviation: 'PIA', nationality: 'Australian',
  standingsAfter: AFTER_HUNGARY, provisional: false,
};

export const mclaren = {
  _id: 'mclaren', name: 'McLaren', fullName: 'McLaren Formula 1 Team', pozitie: 1, nrpuncte: 417, curseCastigate: 9, liked_by: 2,
  pilot_1: 'Lando Norris', pilot_2: 'Oscar Piastri', logo: null, masinaPoza: null, culoareEchipa: 'FF8000', createdAt: '2025-07-01T00:00:00.000Z',
  standingsAfter: AFTER_HUNGARY, provisional: false,
};
