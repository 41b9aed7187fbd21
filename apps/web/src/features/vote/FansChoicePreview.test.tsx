import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VotePreviewResponse } from '@slipstream/contract';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { FansChoicePreview } from './FansChoicePreview';

const lastMeeting = {
  fomRaceId: 1127,
  race: {
    meetingName: 'Chinese Grand Prix',
    meetingCountryName: 'China',
    meetingStartDate: '2025-03-21T03:30:00.000Z',
    meetingEndDate: '2025-03-23T09:00:00.000Z',
  },
  meetingContext: { season: 2025, nr_runda: 2, status: 'completed' },
  slug: 'chinese-grand-prix',
  latestResults: {
    race: { raceId: 1127, season: 2025, round: 2, meetingName: 'Chinese Grand Prix', slug: 'chinese-grand-prix', date: '2025-03-23' },
    racesMissing: 0,
  },
};

const preview: VotePreviewResponse = {
  fomRaceId: 1127,
  totalVotes: 4,
  topTenDrivers: [
    {
      driverId: 'oscar-piastri',
      votes: 3,
      percent: 75,
      teamColour: '#FF8000',
      driverData: { driverImage: null, driverFirstName: 'Oscar', driverLastName: 'Piastri', displayTeamName: 'McLaren' },
    },
  ],
  topBestOfTheRestDrivers: [],
  topBestTeam: [
    { constructorId: 'mclaren', votes: 4, percent: 100, teamColour: '#FF8000', teamData: { teamLogoImage: null, displayTeamName: 'McLaren' } },
  ],
};

describe("the home page's Fan's Choice Awards", () => {
  it('shows the current leaders of the last race and the way to the vote', async () => {
    mockApi({ '/api/get-last': () => json(lastMeeting), '/api/vote-results/1127': () => json(preview) });
    renderWithApp(<FansChoicePreview />);
    expect(await screen.findByText('Oscar Piastri')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: "Fan's Choice Awards" })).toBeInTheDocument();
    expect(screen.getByText(/Current leaders for the Chinese Grand Prix/)).toHaveTextContent('Current leaders for the Chinese Grand Prix · 4 votes');
    expect(screen.getByText('Best Point Scorer').closest('li')).toHaveTextContent('Oscar PiastriMcLaren · 75% of the votes');
    expect(screen.getByText('Best Of The Rest').closest('li')).toHaveTextContent('No votes yet');
    expect(screen.getByText('Best Team').closest('li')).toHaveTextContent('McLaren100% of the votes');
    expect(screen.getByRole('img', { name: 'Oscar Piastri' })).toHaveTextContent('OP');
    expect(screen.getByRole('link', { name: 'See Full Results & Vote Now!' })).toHaveAttribute('href', '/vote');
    expect(screen.queryByText(/not in yet/)).toBeNull();
  });

  it('says that voting waits for the results when the last race has none yet', async () => {
    const waiting = { ...lastMeeting, latestResults: { race: { ...lastMeeting.latestResults.race, raceId: 1126, round: 1 }, racesMissing: 1 } };
    mockApi({ '/api/get-last': () => json(waiting), '/api/vote-results/1127': () => json({ ...preview, totalVotes: 0, topTenDrivers: [], topBestTeam: [] }) });
    renderWithApp(<FansChoicePreview />);
    expect(await screen.findByText('The results of this race are not in yet: voting opens once they are.')).toBeInTheDocument();
  });

  it('is hidden when the vote preview cannot load', async () => {
    const fetchMock = mockApi({ '/api/get-last': () => json(lastMeeting), '/api/vote-results/1127': () => json({ message: 'Error' }, 500) });
    renderWithApp(<FansChoicePreview />);
    expect(screen.getByRole('heading', { name: "Fan's Choice Awards" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: "Fan's Choice Awards" })).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/vote-results/1127');
  });

  it('is hidden while the last race gives way to the next meeting', async () => {
    const fetchMock = mockApi({ '/api/get-last': () => json({ message: 'Upcoming race too soon. Skipping last results.' }) });
    renderWithApp(<FansChoicePreview />);
    await waitFor(() => expect(screen.queryByRole('heading', { name: "Fan's Choice Awards" })).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/get-last']);
  });
});
