import type { ErgastRace } from '@slipstream/contract';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { json, mockApi } from '../../test/api';
import { renderRouter } from '../../test/render';
import { Component as QualifyingResultsPage } from './QualifyingResultsPage';
import { Component as RaceResultsPage } from './RaceResultsPage';
import { OBSERVER_THRESHOLD } from './ResultsScreen';
import {
  ergastRace,
  ergastResult,
  qualifyingAnswer,
  qualifyingRow,
  racesAnswer,
  resultsAnswer,
  sprintAnswer,
  stubIntersectionObserver,
} from './results.fixtures';
import { chineseGrandPrix, testMeetingDetail } from '../../test/meetings.fixtures';

const FEATURED = 2025;

// Each step here is a fetch, a parse and a render of tables; on a busy shared machine that can pass the
// default second. A ceiling for waiting, never a delay: every wait still ends as soon as the page is ready.
configure({ asyncUtilTimeout: 5_000 });

const season2024 = [
  ergastRace(2024, { round: 1, name: 'Monaco Grand Prix', country: 'Monaco', date: '2024-05-26' }),
  ergastRace(2024, { round: 2, name: 'São Paulo Grand Prix', country: 'Brazil', date: '2024-11-03' }),
  ergastRace(2024, { round: 3, name: 'Abu Dhabi Grand Prix', country: 'United Arab Emirates', date: '2024-12-08' }),
];
const season2023 = [
  ergastRace(2023, { round: 1, name: 'Bahrain Grand Prix', country: 'Bahrain', date: '2023-03-05' }),
  ergastRace(2023, { round: 2, name: 'Las Vegas Grand Prix', country: 'United States', date: '2023-11-18' }),
];
// The current season: round 3 qualifies on Saturday 5 July 14:00Z and races on Sunday.
const season2025 = [
  ergastRace(2025, { round: 1, name: 'Australian Grand Prix', country: 'Australia', date: '2025-03-16', qualifying: '2025-03-15' }),
  ergastRace(2025, { round: 2, name: 'Austrian Grand Prix', country: 'Austria', date: '2025-06-29', qualifying: '2025-06-28' }),
  ergastRace(2025, { round: 3, name: 'British Grand Prix', country: 'United Kingdom', date: '2025-07-06', qualifying: '2025-07-05' }),
];

const winner = ergastResult(1, {
  driver: ['Lando', 'Norris'],
  team: 'McLaren',
  points: '25',
  status: 'Finished',
  grid: 3,
  time: '1:26:33.291',
  fastestLap: '1:27.438',
});
const retired = ergastResult(2, { driver: ['Franco', 'Colapinto'], team: 'Williams', points: '0', status: 'Engine', positionText: 'R', grid: 1 });
const classification = [winner, retired];

type RoundAnswer = 'results' | 'empty' | 'error';

/** The API for one or more seasons: meta, each season's rounds, and each round's answer (results unless said). */
function serveSeasons(seasons: ErgastRace[][], answers: Record<string, RoundAnswer> = {}) {
  const handlers: Record<string, () => Response> = {
    '/api/meta': () => json({ featuredSeason: FEATURED, dataVersion: null }),
  };
  for (const races of seasons) {
    const year = Number(races[0]!.season);
    handlers[`/api/ergast/f1/${year}.json`] = () => json(racesAnswer(year, races));
    for (const race of races) {
      const answer = answers[`${year}/${race.round}`] ?? 'results';
      const respond = (body: unknown) => (answer === 'error' ? json({ message: 'Database unavailable' }, 503) : json(body));
      const rows = answer === 'results' ? classification : [];
      const qualifying = answer === 'results' ? [qualifyingRow(1, ['Lando', 'Norris'], ['1:26.1', '1:25.9', '1:25.4'])] : [];
      handlers[`/api/ergast/f1/${year}/${race.round}/results.json`] = () => respond(resultsAnswer(race, rows));
      handlers[`/api/ergast/f1/${year}/${race.round}/qualifying.json`] = () => respond(qualifyingAnswer(race, qualifying));
    }
  }
  return mockApi(handlers);
}

/** The rounds asked for, in order, as "2024/3". */
function roundsAsked(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => /\/ergast\/f1\/(\d+\/\d+)\//.exec(String(input))?.[1])
    .filter((round): round is string => round !== undefined);
}

function renderResults(path: string, now = '2025-07-05T12:00:00Z') {
  const router = createMemoryRouter(
    [
      { path: '/race-results/:an?', Component: RaceResultsPage },
      { path: '/qualifying-results/:an?', Component: QualifyingResultsPage },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router, { clock: fixedClock(now) });
}

const roundHeadings = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

let viewport: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  viewport = stubIntersectionObserver();
});

describe('the infinite scroll of another season', () => {
  it('starts at its total number of rounds and loads one round per scroll, newest first', async () => {
    const fetchMock = serveSeasons([season2024]);
    renderResults('/race-results/2024');

    expect(await screen.findByRole('heading', { name: 'Abu Dhabi Grand Prix' })).toBeInTheDocument();
    const prompt = screen.getByRole('button', { name: 'Scroll for more races' });
    await waitFor(() => expect(viewport.options()).toEqual([{ threshold: OBSERVER_THRESHOLD }]));
    expect(OBSERVER_THRESHOLD).toBe(0.1);

    await viewport.scrollPast();
    expect(prompt).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'São Paulo Grand Prix' })).toBeInTheDocument();
    expect(prompt).toHaveTextContent('Scroll for more races');

    await viewport.scrollPast();
    await screen.findByRole('heading', { name: 'Monaco Grand Prix' });
    expect(roundHeadings()).toEqual(['Abu Dhabi Grand Prix', 'São Paulo Grand Prix', 'Monaco Grand Prix']);
    expect(roundsAsked(fetchMock)).toEqual(['2024/3', '2024/2', '2024/1']);
    // The counter is at 0: nothing more to scroll for.
    expect(screen.queryByRole('button', { name: /Scroll for more/ })).toBeNull();
  });

  it('keeps loading while the prompt stays in view', async () => {
    const fetchMock = serveSeasons([season2024]);
    renderResults('/race-results/2024');
    await screen.findByRole('heading', { name: 'Abu Dhabi Grand Prix' });

    act(() => viewport.scrollTo(true));
    // One round after the other, with no further scroll.
    await screen.findByRole('heading', { name: 'São Paulo Grand Prix' });
    await screen.findByRole('heading', { name: 'Monaco Grand Prix' });
    expect(roundsAsked(fetchMock)).toEqual(['2024/3', '2024/2', '2024/1']);
  });

  it('also loads on a press of the prompt, for keyboards and screen readers', async () => {
    serveSeasons([season2024]);
    renderResults('/race-results/2024');
    await screen.findByRole('heading', { name: 'Abu Dhabi Grand Prix' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Scroll for more races' }));
    expect(await screen.findByRole('heading', { name: 'São Paulo Grand Prix' })).toBeInTheDocument();
  });

  it.each([
    ['an empty round', 'empty'],
    ['a round that fails', 'error'],
  ] as const)('ends at %s, keeping what was loaded and showing no message', async (_, outcome) => {
    const fetchMock = serveSeasons([season2024], { '2024/2': outcome });
    renderResults('/race-results/2024');
    await screen.findByRole('heading', { name: 'Abu Dhabi Grand Prix' });

    act(() => viewport.scrollTo(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Scroll for more|Loading/ })).toBeNull());
    expect(roundsAsked(fetchMock)).toEqual(['2024/3', '2024/2']);
    expect(roundHeadings()).toEqual(['Abu Dhabi Grand Prix']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Choose year:')).toBeEnabled();
  });

  it('shows nothing more, and no message, when its first round fails', async () => {
    const fetchMock = serveSeasons([season2024], { '2024/3': 'error' });
    renderResults('/race-results/2024');

    await waitFor(() => expect(roundsAsked(fetchMock)).toEqual(['2024/3']));
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
    expect(roundHeadings()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/No race results/)).toBeNull();
  });
});

describe('the current season', () => {
  it('probes from the current round + 1 when its qualifying is over', async () => {
    const fetchMock = serveSeasons([season2025]);
    renderResults('/qualifying-results/2025', '2025-07-05T15:00:00Z');

    await screen.findByRole('heading', { name: 'British Grand Prix' });
    expect(roundsAsked(fetchMock)).toEqual(['2025/3']);
    expect(screen.getByRole('button', { name: 'Scroll for more results' })).toBeInTheDocument();
  });

  it('steps down while the probed rounds are empty, then counts down from the one found', async () => {
    const fetchMock = serveSeasons([season2025], { '2025/3': 'empty' });
    renderResults('/qualifying-results/2025', '2025-07-05T15:00:00Z');

    await screen.findByRole('heading', { name: 'Austrian Grand Prix' });
    await viewport.scrollPast();
    await screen.findByRole('heading', { name: 'Australian Grand Prix' });
    expect(roundsAsked(fetchMock)).toEqual(['2025/3', '2025/2', '2025/1']);
    expect(roundHeadings()).toEqual(['Austrian Grand Prix', 'Australian Grand Prix']);
    // The note stays while more rounds load.
    expect(screen.getByRole('note')).toHaveTextContent('Qualifying results of the British Grand Prix are not in yet.');
  });

  it('says how many run races have no results yet, up to the latest', async () => {
    serveSeasons([season2025], { '2025/3': 'empty', '2025/2': 'empty' });
    renderResults('/race-results/2025', '2025-07-08T00:00:00Z');

    await screen.findByRole('heading', { name: 'Australian Grand Prix' });
    expect(screen.getByRole('note')).toHaveTextContent('Results of the 2 races up to the British Grand Prix are not in yet.');
  });

  it('says nothing about missing results when the latest run race has them', async () => {
    serveSeasons([season2025]);
    renderResults('/race-results/2025', '2025-07-08T00:00:00Z');

    await screen.findByRole('heading', { name: 'British Grand Prix' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('does not ask for a round whose session is still to come by the clock', async () => {
    const fetchMock = serveSeasons([season2025]);
    renderResults('/race-results/2025', '2025-07-05T15:00:00Z');

    await screen.findByRole('heading', { name: 'Austrian Grand Prix' });
    expect(roundsAsked(fetchMock)).toEqual(['2025/2']);
  });

  it('is the season shown without a year in the route', async () => {
    const fetchMock = serveSeasons([season2025]);
    renderResults('/race-results');

    await screen.findByRole('heading', { name: 'Austrian Grand Prix' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Race results 2025');
    expect(screen.getByLabelText('Choose year:')).toHaveValue('2025');
    expect(roundsAsked(fetchMock)).toEqual(['2025/2']);
  });

  it('says so when no round has results yet', async () => {
    serveSeasons([season2025]);
    renderResults('/race-results/2025', '2025-03-01T00:00:00Z');

    expect(await screen.findByText('No race results for 2025 yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Scroll for more/ })).toBeNull();
  });
});

describe('the year selector', () => {
  it('offers 2014 to the featured season, newest first', async () => {
    serveSeasons([season2024]);
    renderResults('/race-results/2024');

    const select = await screen.findByLabelText('Choose year:');
    const years = within(select).getAllByRole('option').map((option) => option.textContent);
    expect(years[0]).toBe('2025');
    expect(years.at(-1)).toBe('2014');
    expect(years).toHaveLength(12);
    expect(select).toHaveValue('2024');
  });

  it('changes the route, clears the list and restarts the counter', async () => {
    const fetchMock = serveSeasons([season2024, season2023]);
    const { router } = renderResults('/race-results/2024');
    await screen.findByRole('heading', { name: 'Abu Dhabi Grand Prix' });

    await userEvent.setup().selectOptions(screen.getByLabelText('Choose year:'), '2023');
    expect(router.state.location.pathname).toBe('/race-results/2023');
    expect(screen.queryByRole('heading', { name: 'Abu Dhabi Grand Prix' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Las Vegas Grand Prix' })).toBeInTheDocument();
    expect(roundsAsked(fetchMock)).toEqual(['2024/3', '2023/2']);
    expect(roundHeadings()).toEqual(['Las Vegas Grand Prix']);
  });

  it('leads the qualifying screen to its own route', async () => {
    serveSeasons([season2024, season2023]);
    const { router } = renderResults('/qualifying-results/2024');
    await screen.findByRole('heading', { name: 'Abu Dhabi Grand Prix' });

    await userEvent.setup().selectOptions(screen.getByLabelText('Choose year:'), '2023');
    expect(router.state.location.pathname).toBe('/qualifying-results/2023');
  });

  it('answers a year it does not offer with a note, not a request', async () => {
    const fetchMock = serveSeasons([season2024]);
    renderResults('/race-results/1999');

    expect(await screen.findByText('There are no results for “1999”. Choose a season from the list.')).toBeInTheDocument();
    expect(roundsAsked(fetchMock)).toEqual([]);
  });
});

describe('the search', () => {
  it('filters the loaded rounds by race or country name, ignoring case and accents', async () => {
    serveSeasons([season2024]);
    renderResults('/race-results/2024');
    await screen.findByRole('heading', { name: 'Abu Dhabi Grand Prix' });
    act(() => viewport.scrollTo(true));
    await screen.findByRole('heading', { name: 'São Paulo Grand Prix' });
    await screen.findByRole('heading', { name: 'Monaco Grand Prix' });

    const user = userEvent.setup();
    const search = screen.getByLabelText('Search race or country:');
    await user.type(search, 'SAO');
    expect(roundHeadings()).toEqual(['São Paulo Grand Prix']);
    await user.clear(search);
    await user.type(search, 'emirates');
    expect(roundHeadings()).toEqual(['Abu Dhabi Grand Prix']);
    await user.clear(search);
    await user.type(search, 'monza');
    expect(roundHeadings()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('No loaded round matches “monza”.');
    await user.clear(search);
    expect(roundHeadings()).toHaveLength(3);
  });
});

describe('a round', () => {
  it('is headed by its number, race (linking to the meeting), country and day-month-year date', async () => {
    serveSeasons([season2024]);
    renderResults('/race-results/2024');

    const round = (await screen.findByRole('heading', { name: 'Abu Dhabi Grand Prix' })).closest('article')!;
    expect(within(round).getByText('Round 3')).toBeInTheDocument();
    expect(within(round).getByRole('link', { name: 'Abu Dhabi Grand Prix' })).toHaveAttribute(
      'href',
      '/schedule/2024/abu-dhabi-grand-prix',
    );
    expect(round).toHaveTextContent('United Arab Emirates');
    expect(within(round).getByText('08/12/2024')).toHaveAttribute('datetime', '2024-12-08');
  });

  it('lists the race classification: time or gap, retirements with their reason, places gained, the fastest lap marked', async () => {
    serveSeasons([season2024]);
    renderResults('/race-results/2024');

    const table = await screen.findByRole('table', { name: 'Race results, Abu Dhabi Grand Prix 2024' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Pos',
      'Driver',
      'Constructor',
      'Time / status',
      'Grid',
      'Laps',
      'Points',
      'Fastest lap',
    ]);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    const [, first, second] = within(table).getAllByRole('row');
    expect(cells(first!)).toEqual(['1', 'Lando Norris', 'McLaren', '1:26:33.291', '3 ▲2, gained 2', '58', '25', '1:27.438 (fastest)']);
    expect(cells(second!)).toEqual(['DNF', 'Franco Colapinto', 'Williams', 'Engine', '1', '58', '0', '-']);
    expect(within(first!).getByRole('rowheader', { name: 'Lando Norris' })).toHaveAttribute('scope', 'row');
  });

  it('lists the qualifying classification with Q1, Q2 and Q3, "-" for a session not reached', async () => {
    const race = season2024[2]!;
    mockApi({
      '/api/meta': () => json({ featuredSeason: FEATURED, dataVersion: null }),
      '/api/ergast/f1/2024.json': () => json(racesAnswer(2024, [race])),
      '/api/ergast/f1/2024/3/qualifying.json': () =>
        json(
          qualifyingAnswer(race, [
            qualifyingRow(1, ['Lando', 'Norris'], ['1:23.1', '1:22.9', '1:22.5']),
            qualifyingRow(16, ['Esteban', 'Ocon'], ['1:24.0']),
          ]),
        ),
    });
    renderResults('/qualifying-results/2024');

    const table = await screen.findByRole('table', { name: 'Qualifying results, Abu Dhabi Grand Prix 2024' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Pos', 'Driver', 'Constructor', 'Q1', 'Q2', 'Q3']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(cells(first!)).toEqual(['1', 'Lando Norris', 'McLaren', '1:23.1', '1:22.9', '1:22.5']);
    expect(cells(second!)).toEqual(['16', 'Esteban Ocon', 'McLaren', '1:24.0', '-', '-']);
  });

  it('shows a sprint weekend’s sprint classification below its race', async () => {
    const race = ergastRace(2024, { round: 3, name: 'Qatar Grand Prix', country: 'Qatar', date: '2024-12-01', sprint: '2024-11-30' });
    const sprintWinner = ergastResult(1, { driver: ['George', 'Russell'], team: 'Mercedes', points: '8', status: 'Finished', time: '33:15.402' });
    mockApi({
      '/api/meta': () => json({ featuredSeason: FEATURED, dataVersion: null }),
      '/api/ergast/f1/2024.json': () => json(racesAnswer(2024, [race])),
      '/api/ergast/f1/2024/3/results.json': () => json(resultsAnswer(race, classification)),
      '/api/ergast/f1/2024/3/sprint.json': () => json(sprintAnswer(race, [sprintWinner])),
    });
    renderResults('/race-results/2024');

    const round = (await screen.findByRole('heading', { name: 'Qatar Grand Prix' })).closest('article')!;
    expect(within(round).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Race', 'Sprint']);
    const sprint = await within(round).findByRole('table', { name: 'Sprint results, Qatar Grand Prix 2024' });
    expect(cells(within(sprint).getAllByRole('row')[1]!)).toEqual(['1', 'George Russell', 'Mercedes', '33:15.402', '1', '58', '8']);
  });
  it('shows a sprint weekend’s sprint qualifying below its qualifying, read from the meeting', async () => {
    const race = ergastRace(2024, { round: 3, name: 'Qatar Grand Prix', country: 'Qatar', date: '2024-12-01', sprint: '2024-11-30' });
    const sprintQualifying = {
      positionText: '1',
      positionNumber: 1,
      driverId: 'lando-norris',
      driverCode: 'NOR',
      driverName: 'Lando Norris',
      driverNumber: '4',
      teamName: 'McLaren',
      teamColour: '#FF8000',
      time: '1:21.012',
      status: null,
      points: null,
      grid: null,
      laps: 12,
      q1: '1:22.4',
      q2: '1:21.9',
      q3: '1:21.012',
    };
    mockApi({
      '/api/meta': () => json({ featuredSeason: FEATURED, dataVersion: null }),
      '/api/ergast/f1/2024.json': () => json(racesAnswer(2024, [race])),
      '/api/ergast/f1/2024/3/qualifying.json': () => json(qualifyingAnswer(race, [qualifyingRow(1, ['Lando', 'Norris'], ['1:23.1', '1:22.9', '1:22.5'])])),
      '/api/seasons/2024/meetings/qatar-grand-prix': () =>
        json(testMeetingDetail(chineseGrandPrix, { sprintQualifying: [sprintQualifying], provisional: ['SPRINT_QUALIFYING'] })),
    });
    renderResults('/qualifying-results/2024');

    const table = await screen.findByRole('table', { name: 'Sprint qualifying results, Qatar Grand Prix 2024' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Pos', 'Driver', 'Constructor', 'SQ1', 'SQ2', 'SQ3']);
    expect(cells(within(table).getAllByRole('row')[1]!)).toEqual(['1', 'Lando Norris', 'McLaren', '1:22.4', '1:21.9', '1:21.012']);
    expect(table.closest('article')).toHaveTextContent(/provisional/i);
  });
});

describe('the page', () => {
  it('names the season in its title and description', async () => {
    serveSeasons([season2024]);
    renderResults('/qualifying-results/2024');

    await screen.findByRole('heading', { name: 'Abu Dhabi Grand Prix' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Qualifying results 2024');
    expect(document.title).toMatch(/^Qualifying results 2024 · /);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('qualifying results of the 2024 season'),
    );
  });

  it('shows the loading text and a placeholder while the first round loads', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renderResults('/race-results/2024');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Race results');
  });
});

function cells(row: HTMLElement): string[] {
  return [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '');
}
