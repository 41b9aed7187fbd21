import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LastMeeting, NextMeetingResponse } from '@slipstream/contract';
import { describe, expect, it, vi } from 'vitest';
import { lastMeetingQuery, nextMeetingQuery } from '../../lib/queries';
import { json, mockApi } from '../../test/api';
import { renderWithApp, testQueryClient } from '../../test/render';
import { Navbar } from './Navbar';

const NOW = '2025-07-05T12:00:00Z';
const DAY = 24 * 60 * 60 * 1000;

function nextMeetingStartingIn(ms: number): NextMeetingResponse {
  return {
    fomRaceId: 1127,
    race: {
      meetingName: 'Belgian Grand Prix',
      meetingCountryName: 'Belgium',
      meetingStartDate: new Date(Date.parse(NOW) + ms).toISOString(),
    },
    meetingContext: { season: 2025, nr_runda: 13 },
    slug: 'belgian-grand-prix',
  };
}

const lastMeeting: LastMeeting = {
  fomRaceId: 1126,
  race: {
    meetingName: 'Austrian Grand Prix',
    meetingCountryName: 'Austria',
    meetingStartDate: '2025-06-27',
    meetingEndDate: '2025-06-29',
  },
  meetingContext: { season: 2025, nr_runda: 11, status: 'completed' },
  slug: 'austrian-grand-prix',
  latestResults: { race: null, racesMissing: 0 },
};

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

/** Waits until the query has failed and the navbar has seen it, then checks that no meeting link shows. */
async function expectNoMeetingLinkAfterFailureOf(queryClient: QueryClient, queryKey: QueryKey) {
  await vi.waitFor(() => expect(queryClient.getQueryState(queryKey)?.status).toBe('error'));
  await act(async () => {});
  expect(within(mainNav()).queryByRole('link', { name: /meeting/i })).toBeNull();
}

describe('the navbar meeting link', () => {
  it('reads "Last meeting" and leads to the last race when the next starts more than a day from now', async () => {
    mockApi({ '/api/get-next': () => json(nextMeetingStartingIn(DAY + 1000)), '/api/get-last': () => json(lastMeeting) });
    renderWithApp(<Navbar />);
    const link = await within(mainNav()).findByRole('link', { name: 'Last meeting' });
    expect(link).toHaveAttribute('href', '/schedule/2025/austrian-grand-prix');
  });

  it('reads "Current meeting" and leads to the next race when it starts in a day or less', async () => {
    const fetchMock = mockApi({ '/api/get-next': () => json(nextMeetingStartingIn(DAY)) });
    renderWithApp(<Navbar />);
    const link = await within(mainNav()).findByRole('link', { name: 'Current meeting' });
    expect(link).toHaveAttribute('href', '/schedule/2025/belgian-grand-prix');
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/get-last');
  });

  it('reads "Current meeting" while the next meeting is already under way', async () => {
    mockApi({ '/api/get-next': () => json(nextMeetingStartingIn(-DAY)) });
    renderWithApp(<Navbar />);
    expect(await within(mainNav()).findByRole('link', { name: 'Current meeting' })).toBeInTheDocument();
  });

  it('is hidden when the next meeting cannot be fetched', async () => {
    mockApi({ '/api/get-next': () => json({ message: 'Internal server error' }, 500) });
    const queryClient = testQueryClient();
    renderWithApp(<Navbar />, { queryClient });
    await expectNoMeetingLinkAfterFailureOf(queryClient, nextMeetingQuery.queryKey);
  });

  it('is hidden when the last meeting cannot be fetched', async () => {
    mockApi({
      '/api/get-next': () => json(nextMeetingStartingIn(3 * DAY)),
      '/api/get-last': () => json({ message: 'Not found' }, 404),
    });
    const queryClient = testQueryClient();
    renderWithApp(<Navbar />, { queryClient });
    await expectNoMeetingLinkAfterFailureOf(queryClient, lastMeetingQuery.queryKey);
  });
});

describe('the navbar', () => {
  it('opens the results of the featured season', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/meta': () => json({ featuredSeason: 2025, dataVersion: null }) });
    renderWithApp(<Navbar />);
    await user.click(within(mainNav()).getByRole('button', { name: 'Results' }));
    expect(await within(mainNav()).findByRole('link', { name: 'Races' })).toHaveAttribute('href', '/race-results/2025');
    expect(within(mainNav()).getByRole('link', { name: 'Qualifying' })).toHaveAttribute('href', '/qualifying-results/2025');
  });

  it('still offers the results pages when the featured season is unknown', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderWithApp(<Navbar />);
    await user.click(within(mainNav()).getByRole('button', { name: 'Results' }));
    expect(within(mainNav()).getByRole('link', { name: 'Races' })).toHaveAttribute('href', '/race-results');
  });

  it('offers Log In and Sign Up to an anonymous visitor', () => {
    mockApi({});
    renderWithApp(<Navbar />);
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: 'Log In' })[0]).toHaveAttribute('href', '/login');
    expect(within(header).getAllByRole('link', { name: 'Sign Up' })[0]).toHaveAttribute('href', '/signup');
  });

  it('shows the profile badge and menu to a signed-in visitor', async () => {
    const user = userEvent.setup();
    mockApi({});
    const session = {
      restore: async () => ({ uid: 'u1', email: 'ana@example.com', displayName: 'Ana Pop', photoUrl: null, role: 'user' as const }),
      signOut: async () => {},
    };
    renderWithApp(<Navbar />, { session });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ana Pop' }));
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Update profile' })).toHaveAttribute('href', '/update-profile');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
  });
});
