import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoteStateResponse } from '@slipstream/contract';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { castBallot, openState, threeVotes } from './vote.fixtures';
import { Component as VotePage } from './VotePage';
import { voterAccessToken } from './voterSession';

vi.mock('./voterSession', () => ({ voterAccessToken: vi.fn() }));

beforeEach(() => {
  vi.mocked(voterAccessToken).mockResolvedValue(null);
});

function renderVote(state: VoteStateResponse, post?: (request: Request) => Response | Promise<Response>) {
  const fetchMock = mockApi({
    '/api/vote': (request) => (request.method === 'POST' && post ? post(request) : json(state)),
  });
  renderWithApp(<VotePage />, { path: '/vote' });
  return fetchMock;
}

async function pickAll(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: /Oscar Piastri/ }));
  await user.click(screen.getByRole('radio', { name: /Charles Leclerc/ }));
  await user.click(within(screen.getByRole('group', { name: 'Best Team' })).getByRole('radio', { name: /McLaren/ }));
}

describe('the vote page', () => {
  it('shows the last race and its three categories, with the anonymous note', async () => {
    renderVote(openState);
    expect(await screen.findByRole('heading', { level: 2, name: 'Chinese Grand Prix' })).toBeInTheDocument();
    expect(screen.getByText(/^Voting is open until \d\d\/\d\d\/2025 \d\d:\d\d\.$/)).toBeInTheDocument();
    expect(screen.getByText('Voting anonymously: saved on this device only')).toBeInTheDocument();

    const scorers = screen.getByRole('group', { name: 'Best Point Scorer' });
    expect(within(scorers).getByText('Drivers who finished in the points.')).toBeInTheDocument();
    const piastri = within(scorers).getByRole('radio', { name: /Oscar Piastri/ }).closest('label')!;
    expect(piastri).toHaveTextContent('P1Oscar Piastri, McLaren+25 pts');

    const rest = screen.getByRole('group', { name: 'Best Of The Rest' });
    expect(rest).toHaveAccessibleDescription('Everyone else: they scored no points in this race.');
    expect(within(rest).getByRole('radio', { name: /Charles Leclerc/ }).closest('label')).toHaveTextContent('DSQCharles Leclerc, Ferrari · Disqualified');

    const teams = screen.getByRole('group', { name: 'Best Team' });
    expect(within(teams).getByRole('radio', { name: /McLaren/ }).closest('label')).toHaveTextContent('McLaren+43 pts');
    expect(within(teams).getByRole('radio', { name: /Ferrari/ }).closest('label')).toHaveTextContent('Ferrari0 pts');
  });

  it('says "Each category must be selected." and sends nothing until every category has a pick', async () => {
    const user = userEvent.setup();
    const post = vi.fn(() => json({ message: 'unexpected' }, 500));
    renderVote(openState, post);
    await screen.findByRole('group', { name: 'Best Team' });
    await user.click(screen.getByRole('radio', { name: /Oscar Piastri/ }));
    await user.click(screen.getByRole('button', { name: 'Submit vote' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Each category must be selected.');
    expect(screen.getByRole('group', { name: 'Best Team' })).toHaveAttribute('data-invalid');
    expect(screen.getByRole('group', { name: 'Best Point Scorer' })).not.toHaveAttribute('data-invalid');
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the vote as cast at once, then the results the server counted', async () => {
    const user = userEvent.setup();
    let serverState = openState;
    let answer!: () => void;
    const sent: unknown[] = [];
    const fetchMock = mockApi({
      '/api/vote': async (request) => {
        if (request.method !== 'POST') return json(serverState);
        sent.push(await request.json());
        expect(request.headers.get('x-requested-with')).toBe('fetch');
        expect(request.headers.get('authorization')).toBeNull();
        await new Promise<void>((resolve) => (answer = resolve));
        serverState = { ...openState, ballot: castBallot, results: threeVotes };
        return json({ ballot: castBallot, results: threeVotes }, 201);
      },
    });
    renderWithApp(<VotePage />, { path: '/vote' });
    await screen.findByRole('group', { name: 'Best Team' });
    await pickAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit vote' }));

    expect(await screen.findByText('Thanks for voting!')).toBeInTheDocument();
    expect(screen.getByText('Counting your vote…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit vote' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your vote' })).toHaveFocus();
    expect(sent).toEqual([{ raceId: 1127, bestPointScorer: 'oscar-piastri', bestOfTheRest: 'charles-leclerc', bestTeam: 'mclaren' }]);

    await act(async () => answer());
    await screen.findByText('3 votes so far');
    const scorers = await screen.findByRole('region', { name: 'Best Point Scorer' });
    const [first, second] = within(scorers).getAllByRole('listitem');
    expect(first).toHaveTextContent('Oscar Piastri, McLarenYour pick: 67%, 2 votes');
    expect(second).toHaveTextContent('Lando Norris, McLaren: 33%, 1 vote');
    // Every vote query is fetched again once the ballot is in.
    await act(async () => {});
    expect(fetchMock.mock.calls.filter(([url, init]) => url === '/api/vote' && (init?.method ?? 'GET') === 'GET')).toHaveLength(2);
  });

  it('sends the signed-in voter’s token and shows no anonymous note', async () => {
    vi.mocked(voterAccessToken).mockResolvedValue('the-token');
    const user = userEvent.setup();
    const authorizations: (string | null)[] = [];
    let serverState: VoteStateResponse = { ...openState, voter: 'user' };
    mockApi({
      '/api/vote': (request) => {
        authorizations.push(request.headers.get('authorization'));
        if (request.method !== 'POST') return json(serverState);
        serverState = { ...serverState, ballot: castBallot, results: threeVotes };
        return json({ ballot: castBallot, results: threeVotes }, 201);
      },
    });
    renderWithApp(<VotePage />, { path: '/vote' });
    await screen.findByRole('group', { name: 'Best Team' });
    expect(screen.queryByText('Voting anonymously: saved on this device only')).not.toBeInTheDocument();
    await pickAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit vote' }));
    await screen.findByText('3 votes so far');
    await act(async () => {});
    expect(authorizations).toEqual(['Bearer the-token', 'Bearer the-token', 'Bearer the-token']);
  });

  it('shows "Already voted." when the server already holds a ballot of this voter', async () => {
    const user = userEvent.setup();
    let serverState = openState;
    mockApi({
      '/api/vote': (request) => {
        if (request.method !== 'POST') return json(serverState);
        // Cast from another tab meanwhile.
        serverState = { ...openState, ballot: castBallot, results: threeVotes };
        return json({ message: 'Already voted.' }, 409);
      },
    });
    renderWithApp(<VotePage />, { path: '/vote' });
    await screen.findByRole('group', { name: 'Best Team' });
    await pickAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit vote' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Already voted.');
    expect(await screen.findByText(/^Already voted\. You voted on 25\/03\/2025/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit vote' })).not.toBeInTheDocument();
  });

  it('says when voting opens again once it has closed, and shows the results', async () => {
    renderVote({ ...openState, window: { ...openState.window, status: 'closed' }, results: threeVotes });
    expect(
      await screen.findByText(/^Voting for the Chinese Grand Prix has closed\. Voting for the Japanese Grand Prix opens on 06\/04\/2025 \d\d:\d\d, when its race ends\.$/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit vote' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Best Team' })).toHaveTextContent('McLaren: 100%, 3 votes');
  });

  it('waits for the results of a finished race before it opens', async () => {
    renderVote({ ...openState, window: { ...openState.window, status: 'pending' } });
    expect(
      await screen.findByText(/^The results of the Chinese Grand Prix are not in yet\. Voting opens once they are and stays open until \d\d\/\d\d\/2025 \d\d:\d\d\.$/),
    ).toBeInTheDocument();
    expect(screen.getAllByText('No votes yet.')).toHaveLength(3);
  });

  it('says what went wrong when the vote cannot load, with a way to try again', async () => {
    mockApi({ '/api/vote': () => json({ message: 'No race has finished yet: there is nothing to vote on.' }, 404) });
    renderWithApp(<VotePage />, { path: '/vote' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No race has finished yet: there is nothing to vote on.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens on a provisional classification, and says it is provisional', async () => {
    renderVote({ ...openState, candidates: { ...openState.candidates, provisional: true } });
    expect(await screen.findByRole('note')).toHaveTextContent("ProvisionalThe race classification is provisional: it comes from F1's live timing and F1DB has not confirmed it yet.");
    expect(screen.getByRole('radio', { name: /Oscar Piastri/ })).toBeEnabled();
  });
});
