import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { threeVotes } from './vote.fixtures';
import { Component as VoteResultsPage } from './VoteResultsPage';

describe('the vote results page', () => {
  it('shows every race that had a vote in the server’s order, each category as bars with its numbers as text', async () => {
    const australia = { ...threeVotes, totalVotes: 1, race: { ...threeVotes.race, raceId: 1126, round: 1, meetingName: 'Australian Grand Prix' } };
    mockApi({ '/api/vote/results': () => json({ races: [threeVotes, australia] }) });
    renderWithApp(<VoteResultsPage />, { path: '/vote/results' });
    const races = await screen.findAllByRole('article');
    expect(races.map((race) => within(race).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Chinese Grand Prix 2025',
      'Australian Grand Prix 2025',
    ]);
    expect(races[0]).toHaveTextContent('Round 2 · 23/03/2025 · 3 votes');
    expect(races[1]).toHaveTextContent('1 vote');
    const scorers = within(races[0]!).getByRole('region', { name: 'Best Point Scorer' });
    expect(within(scorers).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Oscar Piastri, McLaren: 67%, 2 votes',
      'Lando Norris, McLaren: 33%, 1 vote',
    ]);
  });

  it('invites the first vote when there is none yet', async () => {
    mockApi({ '/api/vote/results': () => json({ races: [] }) });
    renderWithApp(<VoteResultsPage />, { path: '/vote/results' });
    expect(await screen.findByRole('link', { name: 'Be the first to vote on the last race.' })).toHaveAttribute('href', '/vote');
  });

  it('refetches the tallies when the server says someone voted', async () => {
    const opened: EventTarget[] = [];
    vi.stubGlobal(
      'EventSource',
      class extends EventTarget {
        constructor(readonly url: string) {
          super();
          opened.push(this);
        }
        close() {}
      },
    );
    let totalVotes = 3;
    mockApi({ '/api/vote/results': () => json({ races: [{ ...threeVotes, totalVotes }] }) });
    renderWithApp(<VoteResultsPage />, { path: '/vote/results' });
    expect(await screen.findByRole('article')).toHaveTextContent('3 votes');

    totalVotes = 4;
    const update = { raceId: threeVotes.race.raceId, totalVotes, at: '2025-03-25T12:00:00.000Z' };
    act(() => void opened[0]!.dispatchEvent(new MessageEvent('vote-results-updated', { data: JSON.stringify(update) })));
    expect(await screen.findByText(/4 votes/)).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
