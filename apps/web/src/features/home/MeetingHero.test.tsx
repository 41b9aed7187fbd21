import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveFeedState } from '@slipstream/contract';
import type { ServerClock } from '../../lib/clock';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { britishGrandPrix } from './home.fixtures';
import { MeetingHero } from './MeetingHero';

/** A server clock the test moves by hand; useNow's one-second tick is a fake interval. */
function handClock(start: string) {
  let now = Date.parse(start);
  const clock: ServerClock = { now: () => now, ready: true, subscribe: () => () => {} };
  const tick = (seconds = 1) =>
    act(() => {
      for (let i = 0; i < seconds; i += 1) {
        now += 1000;
        vi.advanceTimersByTime(1000);
      }
    });
  return { clock, tick };
}

function showHero(start: string, feed: LiveFeedState = 'connected') {
  const fetchMock = mockApi({
    '/api/event-tracker': () => json({ data: [britishGrandPrix] }),
    '/api/live/feed': () => json({ state: feed, since: feed === 'idle' ? null : start, session: null }),
  });
  const { clock, tick } = handClock(start);
  renderWithApp(<MeetingHero />, { clock });
  return { fetchMock, tick };
}

/** The event tracker's fetches (the feed's state is asked too while a session runs). */
const trackerCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter((call) => String(call[0]).includes('/api/event-tracker')) as unknown[][];

/** The options of the n-th fetch of the event tracker (the mock's signature names only the URL). */
const requestInit = (fetchMock: ReturnType<typeof mockApi>, n: number) => trackerCalls(fetchMock)[n]?.[1] as RequestInit | undefined;

const hero = () => screen.findByRole('region', { name: 'British Grand Prix' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the meeting hero', () => {
  it('shows the meeting, its days and circuit, and links to its page', async () => {
    showHero('2025-07-03T12:00:00Z');
    const card = await hero();
    expect(within(card).getByRole('link', { name: 'British Grand Prix' })).toHaveAttribute('href', '/schedule/2025/british-grand-prix');
    expect(card).toHaveTextContent('Next meeting');
    expect(card).toHaveTextContent('Round 12');
    expect(card).toHaveTextContent('United Kingdom');
    expect(card).toHaveTextContent('04–06/07/2025');
    expect(within(card).getByRole('img', { name: 'Layout of Silverstone Circuit' })).toBeInTheDocument();
  });

  it('asks the event tracker with the cache duration header of docs/product.md (Home)', async () => {
    const { fetchMock } = showHero('2025-07-05T12:00:00Z');
    await hero();
    expect(new Headers(requestInit(fetchMock, 0)?.headers).get('X-Cache-Duration')).toBe('240');
  });

  it('draws the circuit in black on the light theme', async () => {
    showHero('2025-07-05T12:00:00Z');
    expect(within(await hero()).getByRole('img')).toHaveAttribute('src', '/api/circuits/silverstone-8.svg?variant=black');
  });

  it('draws the circuit in white on the dark theme', async () => {
    document.documentElement.classList.add('darkmode');
    showHero('2025-07-05T12:00:00Z');
    expect(within(await hero()).getByRole('img')).toHaveAttribute('src', '/api/circuits/silverstone-8.svg');
  });

  it('shows no countdown for a session more than 24 hours away', async () => {
    // Practice 1 starts at 11:30 UTC the next day.
    const { tick } = showHero('2025-07-03T11:29:59Z');
    const card = await hero();
    expect(card).toHaveTextContent('Upcoming');
    expect(card).toHaveTextContent('Practice 1');
    expect(within(card).queryByRole('timer')).toBeNull();
    expect(card).not.toHaveTextContent('Session started');
    tick();
    expect(within(card).getByRole('timer')).toHaveTextContent('24:00:00');
  });

  it('counts down in HH:MM:SS, every second, once the session is within 24 hours', async () => {
    const { tick } = showHero('2025-07-05T12:00:00Z');
    const card = await hero();
    expect(card).toHaveTextContent('Qualifying');
    expect(within(card).getByRole('timer')).toHaveTextContent('02:00:00');
    tick();
    expect(within(card).getByRole('timer')).toHaveTextContent('01:59:59');
    tick(59);
    expect(within(card).getByRole('timer')).toHaveTextContent('01:59:00');
  });

  it('reads "Session started" and Live at the very second the session starts, without a refetch', async () => {
    const { tick, fetchMock } = showHero('2025-07-05T13:59:58Z');
    const card = await hero();
    expect(within(card).getByRole('timer')).toHaveTextContent('00:00:02');
    tick();
    expect(within(card).getByRole('timer')).toHaveTextContent('00:00:01');
    expect(card).toHaveTextContent('Upcoming');
    tick();
    expect(within(card).queryByRole('timer')).toBeNull();
    expect(await within(card).findByRole('link', { name: 'Live timing' })).toHaveAttribute('href', '/live');
    expect(card).toHaveTextContent('Live');
    expect(card).not.toHaveTextContent('Upcoming');
    expect(trackerCalls(fetchMock)).toHaveLength(1);
  });

  it('calls a running session the feed does not confirm "Scheduled now, no live data", without a link to the tower', async () => {
    showHero('2025-07-05T14:30:00Z', 'unreachable');
    const card = await hero();
    expect(await within(card).findByText('Scheduled now, no live data')).toBeInTheDocument();
    expect(card).toHaveTextContent('Session started');
    expect(within(card).queryByRole('link', { name: 'Live timing' })).toBeNull();
  });

  it('shows a running session as Live until its assumed hour is over, then the next one', async () => {
    const { tick } = showHero('2025-07-05T14:59:59Z');
    const card = await hero();
    await vi.waitFor(() => expect(card).toHaveTextContent('LiveQualifying'));
    tick();
    expect(card).toHaveTextContent('UpcomingRace');
    expect(within(card).getByRole('timer')).toHaveTextContent('23:00:00');
  });

  it('refreshes the event tracker every 5 minutes', async () => {
    const { tick, fetchMock } = showHero('2025-07-03T12:00:00Z');
    await hero();
    tick(299);
    expect(trackerCalls(fetchMock)).toHaveLength(1);
    tick();
    await vi.waitFor(() => expect(trackerCalls(fetchMock)).toHaveLength(2));
  });

  it('asks again, past the browser cache, as soon as the race is over', async () => {
    const { tick, fetchMock } = showHero('2025-07-06T15:59:59Z');
    const card = await hero();
    await vi.waitFor(() => expect(card).toHaveTextContent('LiveRace'));
    tick();
    await vi.waitFor(() => expect(trackerCalls(fetchMock)).toHaveLength(2));
    expect(requestInit(fetchMock, 1)).toMatchObject({ cache: 'no-cache' });
  });

  it('stays away when the event tracker cannot be loaded', async () => {
    const fetchMock = mockApi({ '/api/event-tracker': () => json({ message: 'Internal server error' }, 500) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(<MeetingHero />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('says so when the calendar has no next meeting', async () => {
    mockApi({ '/api/event-tracker': () => json({ data: [] }) });
    renderWithApp(<MeetingHero />);
    expect(await screen.findByText('No upcoming meeting in the calendar yet.')).toBeInTheDocument();
  });
});
