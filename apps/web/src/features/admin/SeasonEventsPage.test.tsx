import type { AdminMeeting, SeasonEventsResponse } from '@slipstream/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInApi, testAccountSession } from '../../test/accounts';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { Component as SeasonEventsPage } from './SeasonEventsPage';

// The British GP 2025 at Silverstone (Europe/London, UTC+1 in July); the test clock is 2025-07-05T12:00Z.
const british = (qualifyingUtc: string, moved = false): AdminMeeting => ({
  raceId: 1137,
  round: 12,
  name: 'British Grand Prix',
  slug: 'british-grand-prix',
  countryName: 'United Kingdom',
  circuitName: 'Silverstone',
  timeZone: 'Europe/London',
  sessions: [
    {
      kind: 'QUALIFYING',
      description: 'Qualifying',
      date: qualifyingUtc.slice(0, 10),
      startsAtUtc: qualifyingUtc,
      imported: { date: '2025-07-05', startsAtUtc: '2025-07-05T14:00:00.000Z' },
      added: false,
      moved,
      cancelled: false,
      removed: false,
    },
    {
      kind: 'RACE',
      description: 'Race',
      date: '2025-07-06',
      startsAtUtc: '2025-07-06T14:00:00.000Z',
      imported: { date: '2025-07-06', startsAtUtc: '2025-07-06T14:00:00.000Z' },
      added: false,
      moved: false,
      cancelled: false,
      removed: false,
    },
  ],
});

const answer = (meeting: AdminMeeting, recentChanges: SeasonEventsResponse['recentChanges'] = []): SeasonEventsResponse => ({
  season: 2025,
  seasons: [2024, 2025],
  meetings: [meeting],
  recentChanges,
});

function renderPage(handlers: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  let current = answer(british('2025-07-05T14:00:00.000Z'));
  mockApi({
    ...signedInApi(),
    '/api/admin/season-events': (request) => {
      expect(request.headers.get('authorization')).toBe('Bearer token-1');
      return json(current);
    },
    '/api/admin/season-events/sessions/1137/QUALIFYING/start': async (request) => {
      const body = await request.json();
      sent.push({ method: request.method, url: request.url, body });
      current = answer(british('2025-07-05T15:30:00.000Z', true), [
        { id: 1, at: '2025-07-05T12:00:00.000Z', actorId: null, actorEmail: 'boss@example.com', action: 'session.move', targetType: 'session', targetId: '1137:QUALIFYING', before: null, after: null },
      ]);
      return new Response(null, { status: 204 });
    },
    '/api/admin/season-events/sessions/1137/QUALIFYING': (request) => {
      sent.push({ method: request.method, url: request.url, body: null });
      return new Response(null, { status: 204 });
    },
    ...handlers,
  });
  renderWithApp(<SeasonEventsPage />, { session: testAccountSession() });
  return { sent, user: userEvent.setup() };
}

describe('the season events page', { timeout: 20_000 }, () => {
  it('lists the season’s meetings with each session at the circuit and in UTC', async () => {
    renderPage();
    const sessions = await screen.findByRole('list', { name: 'British Grand Prix sessions' });
    expect(within(sessions).getByText('Qualifying')).toBeInTheDocument();
    expect(within(sessions).getByText('05/07/2025 15:00 at the circuit · 05/07/2025 14:00 UTC')).toBeInTheDocument();
    expect(screen.getByLabelText('Season')).toHaveValue('2025');
    expect(screen.getByText('No changes yet.')).toBeInTheDocument();
  });

  it('moves a session entered in UTC, previewing it at the circuit, and shows the change', async () => {
    const { sent, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit time of Qualifying, British Grand Prix' }));
    const form = screen.getByRole('form', { name: 'New time for Qualifying' });
    expect(within(form).getByLabelText('Time')).toHaveValue('15:00');
    expect(within(form).getByText('In UTC: 2025-07-05 14:00 (stored)')).toBeInTheDocument();

    await user.click(within(form).getByLabelText('UTC'));
    expect(within(form).getByLabelText('Time')).toHaveValue('14:00');
    await user.clear(within(form).getByLabelText('Time'));
    await user.type(within(form).getByLabelText('Time'), '15:30');
    expect(within(form).getByText('At the circuit: 2025-07-05 16:30 (Europe/London)')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save time' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { date: '2025-07-05', time: '15:30', zone: 'utc' } });
    expect(await within(screen.getByRole('list', { name: 'British Grand Prix sessions' })).findByText('Moved')).toBeInTheDocument();
    const changes = screen.getByRole('region', { name: 'Recent timetable changes' });
    expect(within(changes).getAllByRole('row')[1]).toHaveTextContent('boss@example.comMovedBritish Grand Prix · Qualifying');
  });

  it('asks before deleting, and sends nothing when the admin keeps the session', async () => {
    const { sent, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Qualifying, British Grand Prix' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Qualifying?' });
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Qualifying, British Grand Prix' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete session' }));
    await waitFor(() => expect(sent).toMatchObject([{ method: 'DELETE' }]));
  });

  it('adds a session of a kind the meeting lacks', async () => {
    const added: unknown[] = [];
    const { user } = renderPage({
      '/api/admin/season-events/sessions': async (request) => {
        added.push(await request.json());
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add a session to British Grand Prix' }));
    const form = screen.getByRole('form', { name: 'Add a session to British Grand Prix' });
    const kinds = within(within(form).getByLabelText('Session')).getAllByRole('option').map((option) => option.textContent);
    expect(kinds).not.toContain('Qualifying');
    expect(kinds).toContain('Sprint');
    await user.selectOptions(within(form).getByLabelText('Session'), 'Sprint');
    await user.click(within(form).getByRole('button', { name: 'Add session' }));
    await waitFor(() => expect(added).toEqual([{ raceId: 1137, kind: 'SPRINT', date: '2025-07-05', time: '15:00', zone: 'circuit' }]));
  });

  it('offers no cancel or delete for the race', async () => {
    renderPage();
    await screen.findByRole('list', { name: 'British Grand Prix sessions' });
    expect(screen.queryByRole('button', { name: 'Delete Race, British Grand Prix' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit time of Race, British Grand Prix' })).toBeInTheDocument();
  });

  it('says what the server refused', async () => {
    const { user } = renderPage({
      '/api/admin/season-events/sessions/1137/QUALIFYING/start': () =>
        json({ message: 'Invalid date: the session must fall in the 2025 season' }, 400),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit time of Qualifying, British Grand Prix' }));
    await user.click(screen.getByRole('button', { name: 'Save time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid date: the session must fall in the 2025 season');
  });

  it('shows the failure to load with a way to try again', async () => {
    renderPage({ '/api/admin/season-events': () => json({ message: 'You are not the admin' }, 403) });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not the admin');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
