import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deriveTower, diffState } from '@slipstream/contract/live-timing';
import { fixedClock } from '../../lib/clock';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { centreDuringQualifying } from './live.fixtures';
import { Component as LivePage, FALLBACK_REFETCH_MS } from './LivePage';

/** EventSource as the page sees it; the test plays the server. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown) {
    act(() => void this.dispatchEvent(data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) })));
  }
}

const META = {
  featuredSeason: 2025,
  dataVersion: { source: 'F1DB', version: 'v6.5.0+345fa1be62c6', dataDate: '2026-08-21T00:00:00.000Z', importedAt: '2026-11-22T01:38:57.914Z' },
};

let centreCalls: number;
beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  centreCalls = 0;
  mockApi({
    '/api/live/centre': () => {
      centreCalls += 1;
      return json(centreDuringQualifying);
    },
    '/api/meta': () => json(META),
    '/api/live/feed': () => json({ state: 'connected', since: '2025-07-05T13:30:00.000Z', session: '2025 British Grand Prix Qualifying' }),
  });
});
afterEach(() => vi.useRealTimers());

async function openPage() {
  const { unmount } = renderWithApp(<LivePage />, { path: '/live', clock: fixedClock('2025-07-05T14:30:00Z') });
  await screen.findByText('Qualifying', { selector: 'p' });
  const [source] = FakeEventSource.opened;
  expect(source!.url).toBe('/api/live/events');
  return Object.assign(source!, { unmount });
}

describe('the live session centre', () => {
  it('shows the running session, the latest classification, the weekend and where the data comes from', async () => {
    await openPage();
    expect(screen.getByText('00:30:00')).toBeInTheDocument();
    const classification = screen.getByRole('region', { name: 'Latest classification' });
    expect(within(classification).getByRole('link', { name: 'Austrian Grand Prix 2025' })).toHaveAttribute('href', '/schedule/2025/austrian-grand-prix');
    expect(within(classification).getByRole('row', { name: /Lando Norris/ })).toHaveTextContent('1:23:47.693');
    expect(await screen.findByText(/^Live timing: connected to F1's feed since \d\d:30 \(2025 British Grand Prix Qualifying\)\.$/)).toBeInTheDocument();
    const timetable = screen.getByRole('region', { name: 'British Grand Prix timetable' });
    expect(within(timetable).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Practice 1.*Finished, results not in yet/),
      expect.stringMatching(/Practice 2.*Finished, results not in yet/),
      expect.stringMatching(/Practice 3.*Finished, results not in yet/),
      expect.stringMatching(/Qualifying.*Live$/),
      expect.stringMatching(/Race.*Next/),
    ]);
    expect(await screen.findByText(/F1DB import/)).toHaveTextContent('results up to 21/08/2026');
    expect(screen.getByText(/from F1's live-timing archive, marked Provisional until F1DB confirms them/)).toBeInTheDocument();
  });

  it('refetches when the server pushes stored results, and says who stored them', async () => {
    const source = await openPage();
    source.emit('open');
    expect(screen.getByText(/^Result updates: connected to this site/)).toBeInTheDocument();
    expect(centreCalls).toBe(1);

    source.emit('results-updated', { source: 'import', at: '2025-07-05T15:05:00.000Z', version: 'v6.5.1+abc' });
    await vi.waitFor(() => expect(centreCalls).toBe(2));
    expect(screen.getByText(/new results were stored by an F1DB import \(v6\.5\.1\+abc\)/)).toBeInTheDocument();

    source.emit('resync', {});
    await vi.waitFor(() => expect(centreCalls).toBe(3));
  });

  it('polls once a minute, no sooner, only while the stream is down', async () => {
    const source = await openPage();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    source.emit('open');
    await act(async () => void vi.advanceTimersByTime(3 * FALLBACK_REFETCH_MS));
    expect(centreCalls).toBe(1);

    source.emit('error');
    expect(screen.getByText(/checks for new results once a minute/)).toBeInTheDocument();
    await act(async () => void vi.advanceTimersByTime(FALLBACK_REFETCH_MS - 1000));
    expect(centreCalls).toBe(1);
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(centreCalls).toBe(2);

    source.emit('open');
    expect(centreCalls).toBe(3);
  });

  it('in a browser without EventSource, says it polls once a minute', async () => {
    vi.stubGlobal('EventSource', undefined);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderWithApp(<LivePage />, { path: '/live', clock: fixedClock('2025-07-05T14:30:00Z') });
    expect(await screen.findByText(/This browser cannot receive pushed updates/)).toBeInTheDocument();
    await screen.findByText('Qualifying', { selector: 'p' });
    await act(async () => void vi.advanceTimersByTime(FALLBACK_REFETCH_MS));
    expect(centreCalls).toBe(2);
  });

  it('closes the stream when the page is left', async () => {
    const source = await openPage();
    expect(source.closed).toBe(false);
    source.unmount();
    expect(source.closed).toBe(true);
  });
});

describe('the live timing tower', () => {
  /** Two cars as the feed would give them, the first ahead. */
  const topics = (first: string, second: string) => ({
    SessionInfo: { Meeting: { Name: 'British Grand Prix' }, Name: 'Race', Type: 'Race' },
    SessionStatus: { Status: 'Started' },
    DriverList: {
      '4': { Tla: 'NOR', FullName: 'Lando NORRIS', TeamName: 'McLaren', TeamColour: 'FF8000' },
      '81': { Tla: 'PIA', FullName: 'Oscar PIASTRI', TeamName: 'McLaren', TeamColour: 'FF8000' },
    },
    TimingData: { Lines: { [first]: { Position: '1', GapToLeader: 'LAP 3' }, [second]: { Position: '2', GapToLeader: '+1.2' } } },
    TrackStatus: { Status: '1', Message: 'AllClear' },
    LapCount: { CurrentLap: 3, TotalLaps: 52 },
  });
  let timingCalls: number;

  beforeEach(() => {
    timingCalls = 0;
    mockApi({
      '/api/live/centre': () => json(centreDuringQualifying),
      '/api/meta': () => json(META),
      '/api/live/timing': () => {
        timingCalls += 1;
        return json({ live: true, seq: 7, tower: deriveTower(topics('4', '81')), updatedAt: '2025-07-06T14:10:00.000Z' });
      },
    });
  });

  const order = () => screen.getAllByTestId('tower-row').map((row) => row.getAttribute('data-number'));

  it('applies the deltas that follow the tower it holds, and loads the tower again when one was missed', async () => {
    const source = await openPage();
    await screen.findByRole('region', { name: 'Live timing' });
    expect(order()).toEqual(['4', '81']);
    expect(screen.getByTestId('track-status')).toHaveTextContent('Green flag');

    const swapped = { ...topics('81', '4'), TrackStatus: { Status: '4', Message: 'SCDeployed' } };
    source.emit('live-timing', { kind: 'delta', seq: 8, live: true, delta: diffState(deriveTower(topics('4', '81')), deriveTower(swapped)) });
    await vi.waitFor(() => expect(order()).toEqual(['81', '4']));
    expect(screen.getByTestId('track-status')).toHaveTextContent('Safety car deployed');
    expect(timingCalls).toBe(1);

    source.emit('live-timing', { kind: 'delta', seq: 10, live: true, delta: {} });
    await vi.waitFor(() => expect(timingCalls).toBe(2));
  });
});
