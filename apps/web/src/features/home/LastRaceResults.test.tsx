import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOO_SOON_MESSAGE } from '@slipstream/contract';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { austrianGrandPrix, austrianSummary } from './home.fixtures';
import { LastRaceResults } from './LastRaceResults';

const SUMMARY_PATH = '/api/season-results/homepage/2025/1136_austrian-grand-prix';

const section = () => screen.findByRole('region', { name: 'Last race results' });
const names = (podium: HTMLElement) => within(podium).getAllByRole('listitem').map((item) => item.textContent);

/** Lets every answered call reach the screen. */
async function settle(fetchMock: ReturnType<typeof mockApi>, calls: number) {
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(calls));
  await act(async () => {});
  await act(async () => {});
}

describe('the last race results', () => {
  it('shows the driver podium of the last race, winner first in the list and in the middle on screen', async () => {
    mockApi({ '/api/get-last': () => json(austrianGrandPrix), [SUMMARY_PATH]: () => json(austrianSummary) });
    renderWithApp(<LastRaceResults />);
    const results = await section();
    expect(within(results).getByRole('link', { name: 'Austrian Grand Prix 2025' })).toHaveAttribute(
      'href',
      '/schedule/2025/austrian-grand-prix',
    );
    const drivers = await within(results).findByRole('list', { name: 'Driver podium' });
    expect(names(drivers)).toEqual([
      'LandoNorrisMcLaren25 PTSPlace 1',
      'OscarPiastriMcLaren18 PTSPlace 2',
      'CharlesLeclercFerrari15 PTSPlace 3',
    ]);
    expect(within(drivers).getAllByRole('listitem').map((item) => item.dataset.place)).toEqual(['1', '2', '3']);
  });

  it('names and dates the race, and says nothing is missing when the last race has its results', async () => {
    mockApi({ '/api/get-last': () => json(austrianGrandPrix), [SUMMARY_PATH]: () => json(austrianSummary) });
    renderWithApp(<LastRaceResults />);
    const results = await section();
    expect(results).toHaveTextContent('Austrian Grand Prix 2025 · 29/06/2025');
    await within(results).findByRole('list', { name: 'Driver podium' });
    expect(within(results).queryByRole('note')).toBeNull();
  });

  it('shows the latest race with results, named and dated, while the last race’s are not in yet', async () => {
    const lasVegas = {
      ...austrianGrandPrix,
      fomRaceId: 1170,
      race: { ...austrianGrandPrix.race, meetingName: 'Las Vegas Grand Prix' },
      slug: 'las-vegas-grand-prix',
      meetingContext: { season: 2026, nr_runda: 21, status: 'completed' as const },
      latestResults: {
        race: { raceId: 1160, season: 2026, round: 11, meetingName: 'Hungarian Grand Prix', slug: 'hungarian-grand-prix', date: '2026-07-26' },
        racesMissing: 10,
      },
    };
    const fetchMock = mockApi({
      '/api/get-last': () => json(lasVegas),
      '/api/season-results/homepage/2026/1160_hungarian-grand-prix': () => json(austrianSummary),
    });
    renderWithApp(<LastRaceResults />);
    const results = await section();
    expect(within(results).getByRole('link', { name: 'Hungarian Grand Prix 2026' })).toHaveAttribute('href', '/schedule/2026/hungarian-grand-prix');
    expect(results).toHaveTextContent('· 26/07/2026');
    expect(within(results).getByRole('note')).toHaveTextContent('Results of the 10 races up to the Las Vegas Grand Prix are not in yet.');
    expect(await within(results).findByRole('list', { name: 'Driver podium' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/season-results/homepage/2026/1170_las-vegas-grand-prix');
  });

  it('toggles the team and most-positions-gained podiums', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/get-last': () => json(austrianGrandPrix), [SUMMARY_PATH]: () => json(austrianSummary) });
    renderWithApp(<LastRaceResults />);
    const results = await section();
    const toggle = await within(results).findByRole('button', { name: 'View more results' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(results).queryByRole('list', { name: 'Team podium' })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('View less results');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(names(within(results).getByRole('list', { name: 'Team podium' }))).toEqual([
      'McLaren43 PTSPlace 1',
      'Ferrari27 PTSPlace 2',
      'Mercedes10 PTSPlace 3',
    ]);
    expect(names(within(results).getByRole('list', { name: 'Most positions gained' }))).toEqual([
      'NicoHülkenbergKick Sauber+11 placesPlace 1',
      'EstebanOconHaas+7 placesPlace 2',
      'FernandoAlonsoAston Martin+4 placesPlace 3',
    ]);

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('View more results');
    expect(within(results).queryByRole('list', { name: 'Team podium' })).toBeNull();
  });

  it('stays hidden, and asks for no podium, when the next race is too soon', async () => {
    const fetchMock = mockApi({ '/api/get-last': () => json({ message: TOO_SOON_MESSAGE }) });
    renderWithApp(<LastRaceResults />);
    await settle(fetchMock, 1);
    expect(screen.queryByRole('region')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/get-last']);
  });

  it('stays hidden when the last meeting cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = mockApi({ '/api/get-last': () => json({ message: 'Not found' }, 404) });
    renderWithApp(<LastRaceResults />);
    await settle(fetchMock, 1);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('stays hidden when the podiums cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = mockApi({
      '/api/get-last': () => json(austrianGrandPrix),
      [SUMMARY_PATH]: () => json({ message: 'No results' }, 404),
    });
    renderWithApp(<LastRaceResults />);
    await settle(fetchMock, 2);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('marks a race result that is still provisional', async () => {
    mockApi({ '/api/get-last': () => json(austrianGrandPrix), [SUMMARY_PATH]: () => json({ ...austrianSummary, provisional: true }) });
    renderWithApp(<LastRaceResults />);
    const results = await section();
    expect(await within(results).findByRole('note')).toHaveTextContent(/^ProvisionalThese results come from F1's live timing/);
  });

  it('leaves a confirmed race result unmarked', async () => {
    mockApi({ '/api/get-last': () => json(austrianGrandPrix), [SUMMARY_PATH]: () => json(austrianSummary) });
    renderWithApp(<LastRaceResults />);
    const results = await section();
    await within(results).findByRole('list', { name: 'Driver podium' });
    expect(within(results).queryByText('Provisional')).toBeNull();
  });
});
