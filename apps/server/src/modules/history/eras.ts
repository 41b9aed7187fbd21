/**
 * The technical eras of the world championship, as this site groups them: each starts with a change of the
 * engine or car rules. Written by hand (rules are not in F1DB); the champions are filled in from the data.
 */
export type EraDefinition = { id: string; name: string; from: number; summary: string };

export const ERAS: EraDefinition[] = [
  {
    id: 'front-engine',
    name: 'Front-engined years',
    from: 1950,
    summary:
      'Engines sat ahead of the driver: 4.5-litre unsupercharged or 1.5-litre supercharged at first, 2.5 litres from 1954. ' +
      'Cooper’s mid-engined cars won the last two titles of the era.',
  },
  {
    id: '1500cc',
    name: '1.5-litre formula',
    from: 1961,
    summary: 'Engines were cut to 1.5 litres. The Lotus 25 of 1962 brought the monocoque chassis that every car later copied.',
  },
  {
    id: '3-litre',
    name: '3-litre formula',
    from: 1966,
    summary:
      'Engine size doubled to 3 litres. The Ford-Cosworth DFV, a winner on its 1967 debut, powered most of the grid; wings and sponsor liveries arrived in 1968.',
  },
  {
    id: 'turbo',
    name: 'Turbo era',
    from: 1977,
    summary:
      'Renault brought the first turbocharged engine in 1977 and Lotus the ground-effect car. Turbos took their first title in 1983 and were banned after 1988.',
  },
  {
    id: 'v10',
    name: 'V10 era',
    from: 1989,
    summary:
      'Naturally aspirated engines only: 3.5 litres from 1989, 3 litres from 1995, and V10s alone from 2000. Electronic driver aids were banned for 1994.',
  },
  {
    id: 'v8',
    name: 'V8 era',
    from: 2006,
    summary: '2.4-litre V8s, their development frozen from 2007. Energy recovery (KERS) and a clean-sheet aerodynamic rulebook came in 2009.',
  },
  {
    id: 'hybrid',
    name: 'Hybrid era',
    from: 2014,
    summary:
      '1.6-litre V6 turbo hybrids recovering energy from braking and the exhaust. Mercedes won eight constructors’ titles in a row.',
  },
  {
    id: 'ground-effect',
    name: 'Ground-effect era',
    from: 2022,
    summary: 'Downforce came from tunnels under the car again, on 18-inch wheels, with team spending capped since 2021.',
  },
  {
    id: '2026-rules',
    name: '2026 rules',
    from: 2026,
    summary:
      'Smaller, lighter cars with movable wings; power units without the MGU-H, taking about half their power from the battery and running on sustainable fuel.',
  },
];

