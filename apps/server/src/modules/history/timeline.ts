import type { TimelineEntry } from '@slipstream/contract';

/** Key moments of the world championship, in order. Written by hand: short, factual, no opinions. */
export const TIMELINE: TimelineEntry[] = [
  {
    year: 1950,
    title: 'The championship begins',
    text: 'The first world championship race is run at Silverstone on 13 May. Giuseppe Farina wins it for Alfa Romeo, and the first title too.',
  },
  {
    year: 1951,
    title: 'Ferrari’s first win',
    text: 'José Froilán González beats the Alfa Romeos at the British Grand Prix to give Ferrari its first championship victory.',
  },
  {
    year: 1957,
    title: 'Fangio’s fifth',
    text: 'Juan Manuel Fangio wins the German Grand Prix at the Nürburgring after a famous chase, sealing his fifth title.',
  },
  {
    year: 1958,
    title: 'A title for the teams',
    text: 'The constructors’ championship starts and Vanwall wins it. Mike Hawthorn becomes the first British world champion.',
  },
  {
    year: 1959,
    title: 'The engine moves behind the driver',
    text: 'Jack Brabham wins the title in a mid-engined Cooper; within two years every front-runner follows.',
  },
  {
    year: 1962,
    title: 'The monocoque',
    text: 'Colin Chapman’s Lotus 25 replaces the tube frame with a stressed monocoque, the layout of every car since.',
  },
  {
    year: 1966,
    title: 'A champion in his own car',
    text: 'Jack Brabham takes his third title in a Brabham, the only driver to win the championship in a car bearing his name.',
  },
  {
    year: 1967,
    title: 'The Cosworth DFV',
    text: 'The Ford-Cosworth DFV V8 wins on its debut at Zandvoort with Jim Clark. It goes on to win 155 championship races.',
  },
  {
    year: 1976,
    title: 'Lauda and Hunt',
    text: 'Niki Lauda survives a fiery crash at the Nürburgring and races again six weeks later. James Hunt wins the title by one point in Japan.',
  },
  {
    year: 1977,
    title: 'Turbo and ground effect',
    text: 'Renault brings the first turbocharged engine to the British Grand Prix, and the Lotus 78 shows what air under the car can do.',
  },
  {
    year: 1983,
    title: 'The first turbo title',
    text: 'Nelson Piquet wins the championship with the BMW turbo engine in his Brabham.',
  },
  {
    year: 1988,
    title: 'McLaren-Honda',
    text: 'McLaren wins 15 of the 16 races; Ayrton Senna takes the first of his three titles.',
  },
  {
    year: 1994,
    title: 'Imola',
    text: 'Roland Ratzenberger and Ayrton Senna are killed at the San Marino Grand Prix weekend, the start of a long drive for safety.',
  },
  {
    year: 2000,
    title: 'Ferrari’s drought ends',
    text: 'Michael Schumacher wins Ferrari’s first drivers’ title since 1979, the first of five in a row.',
  },
  {
    year: 2004,
    title: 'Seven for Schumacher',
    text: 'Michael Schumacher wins 13 of the 18 races on his way to a seventh title.',
  },
  {
    year: 2008,
    title: 'Interlagos',
    text: 'Lewis Hamilton wins the title by one point, passing Timo Glock in the last corners of the final race. Singapore hosts the first night race.',
  },
  {
    year: 2009,
    title: 'Brawn',
    text: 'Brawn GP, built from Honda’s abandoned team, wins both championships in its only season, Jenson Button the drivers’ title.',
  },
  {
    year: 2010,
    title: 'The youngest champion',
    text: 'Sebastian Vettel wins the title at 23, the first of four in a row for him and Red Bull.',
  },
  {
    year: 2014,
    title: 'The hybrid era',
    text: 'V6 turbo hybrids arrive, and Mercedes begins a run of eight constructors’ titles in a row.',
  },
  {
    year: 2016,
    title: 'Rosberg retires on top',
    text: 'Nico Rosberg beats Lewis Hamilton to the title and retires five days later.',
  },
  {
    year: 2020,
    title: 'Seven for Hamilton',
    text: 'Lewis Hamilton equals Michael Schumacher’s seven titles by winning the Turkish Grand Prix.',
  },
  {
    year: 2021,
    title: 'Abu Dhabi',
    text: 'Max Verstappen and Lewis Hamilton arrive at the final race level on points; Verstappen wins the race and the title on the last lap.',
  },
  {
    year: 2023,
    title: 'Nineteen wins',
    text: 'Max Verstappen wins 19 of the 22 races, the most in one season.',
  },
  {
    year: 2026,
    title: 'New rules, new teams',
    text: 'Cars become smaller and lighter with movable wings, power units lean on electric power and sustainable fuel, and Audi and Cadillac join the grid.',
  },
];
