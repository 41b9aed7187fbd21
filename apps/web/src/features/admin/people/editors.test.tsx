import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DriverOverrideView, LineUpsResponse } from '@slipstream/contract';
import { routes } from '../../../app/router';
import { signedInApi, testAccountSession } from '../../../test/accounts';
import { json, mockApi } from '../../../test/api';
import { renderRouter } from '../../../test/render';
import { formatRounds, parseRounds } from './rounds';

const none = { firstName: null, lastName: null, number: null, teamId: null, colour: null, flag: null, photoUrl: null, websiteUrl: null, wikipediaUrl: null, instagramUrl: null, xUrl: null };
const lando = (override: Partial<typeof none> = {}): DriverOverrideView => ({
  id: 'lando-norris',
  name: 'Lando Norris',
  imported: { ...none, firstName: 'Lando', lastName: 'Norris', number: '4', teamId: 'mclaren', colour: '#FF8000', flag: 'gb' },
  override: { ...none, ...override },
  updatedAt: Object.values(override).some(Boolean) ? '2025-03-25T12:00:00.000Z' : null,
});

function visit(path: string, handlers: Record<string, (request: Request) => Response | Promise<Response>>) {
  mockApi({ ...signedInApi(), '/api/check-admin': () => json({ isAdmin: true }), ...handlers });
  renderRouter(createMemoryRouter(routes, { initialEntries: [path] }), { session: testAccountSession() });
  return userEvent.setup();
}

describe('the driver editor', { timeout: 20_000 }, () => {
  function driverEditor() {
    const patches: unknown[] = [];
    let current = lando();
    const user = visit('/admin/driver-editor?driver=lando-norris', {
      '/api/admin/drivers': () => json([{ id: 'lando-norris', name: 'Lando Norris', detail: 'last raced 2025' }]),
      '/api/admin/teams': () => json([{ id: 'mclaren', name: 'McLaren', detail: 'last raced 2025' }]),
      '/api/admin/drivers/lando-norris/history': () =>
        json(
          patches.map((patch, i) => ({
            id: i + 1, at: '2025-03-25T12:00:00.000Z', actorId: null, actorEmail: 'boss@example.com',
            action: 'driver.override.update', targetType: 'driver', targetId: 'lando-norris', before: null, after: patch,
          })),
        ),
      '/api/admin/drivers/lando-norris': async (request) => {
        if (request.method === 'PATCH') {
          const patch = await request.json();
          patches.push(patch);
          current = lando({ ...current.override, ...patch });
        }
        return json(current);
      },
    });
    return { user, patches };
  }

  it('shows the imported value beside each field and refuses a bad colour beside the field, without saving', async () => {
    const { user, patches } = driverEditor();
    const colour = await screen.findByRole('textbox', { name: 'Colour' });
    expect(screen.getAllByText(/Imported:/).length).toBeGreaterThan(5);
    expect(colour).toHaveAccessibleDescription(/^Imported: #FF8000/);
    await user.type(colour, 'orange');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('A colour as #RRGGBB.')).toBeInTheDocument();
    expect(colour).toHaveAttribute('aria-invalid', 'true');
    expect(colour).toHaveFocus();
    expect(patches).toEqual([]);
  });

  it('saves only the changed fields, then reverts one', async () => {
    const { user, patches } = driverEditor();
    const colour = await screen.findByRole('textbox', { name: 'Colour' });
    await user.type(colour, '#00aa55');
    await user.type(screen.getByRole('textbox', { name: 'Photo' }), 'https://example.com/lando.jpg');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved: colour, photo.')).toBeInTheDocument();
    expect(patches).toEqual([{ colour: '#00AA55', photoUrl: 'https://example.com/lando.jpg' }]);
    expect(screen.getByRole('img', { name: 'Photo preview' })).toHaveAttribute('src', 'https://example.com/lando.jpg');
    const log = await screen.findByRole('list', { name: 'Changes to this driver' });
    expect(await within(log).findByText('Colour → #00AA55; Photo → https://example.com/lando.jpg')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Revert colour' }));
    expect(await screen.findByText('Reverted: colour.')).toBeInTheDocument();
    expect(patches[1]).toEqual({ colour: null });
  });
});

describe('the team editor', { timeout: 20_000 }, () => {
  it('saves a team principal and reverts every field with one button', async () => {
    const noTeamOverride = { name: null, fullName: null, colour: null, logoUrl: null, carPhotoUrl: null, principal: null, websiteUrl: null, wikipediaUrl: null, instagramUrl: null, xUrl: null };
    const calls: string[] = [];
    let override = noTeamOverride;
    const view = () => ({
      id: 'mclaren',
      name: 'McLaren',
      imported: { ...noTeamOverride, name: 'McLaren', fullName: 'McLaren Racing', colour: '#FF8000' },
      override,
      updatedAt: override.principal ? '2025-03-25T12:00:00.000Z' : null,
    });
    const user = visit('/admin/team-editor?team=mclaren', {
      '/api/admin/teams': () => json([{ id: 'mclaren', name: 'McLaren', detail: 'last entered 2025' }]),
      '/api/admin/teams/mclaren/history': () => json([]),
      '/api/admin/teams/mclaren': async (request) => {
        if (request.method === 'GET') return json(view());
        const patch = await request.json();
        calls.push(`PATCH ${JSON.stringify(patch)}`);
        override = { ...override, ...patch };
        return json(view());
      },
      '/api/admin/teams/mclaren/override': (request) => {
        calls.push(request.method);
        override = noTeamOverride;
        return json(view());
      },
    });
    const principal = await screen.findByRole('textbox', { name: 'Team principal' });
    await user.type(principal, 'Andrea Stella');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved: team principal.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revert all to imported' }));
    expect(await screen.findByText('Every field shows its imported value again.')).toBeInTheDocument();
    expect(calls).toEqual(['PATCH {"principal":"Andrea Stella"}', 'DELETE']);
  });
});

describe('update teams', { timeout: 20_000 }, () => {
  const lineUps: LineUpsResponse = {
    season: 2025,
    rounds: 24,
    teams: [
      {
        constructorId: 'red-bull',
        name: 'Red Bull',
        colour: '#3671C6',
        imported: [
          { driverId: 'max-verstappen', name: 'Max Verstappen', rounds: Array.from({ length: 24 }, (_, i) => i + 1) },
          { driverId: 'liam-lawson', name: 'Liam Lawson', rounds: [1, 2] },
          { driverId: 'yuki-tsunoda', name: 'Yuki Tsunoda', rounds: Array.from({ length: 22 }, (_, i) => i + 3) },
        ],
        assigned: null,
      },
    ],
    drivers: [
      { id: 'liam-lawson', name: 'Liam Lawson' },
      { id: 'max-verstappen', name: 'Max Verstappen' },
      { id: 'yuki-tsunoda', name: 'Yuki Tsunoda' },
    ],
  };

  it('starts from the imported line-up, refuses unreadable rounds and saves the rounds typed', async () => {
    const saved: unknown[] = [];
    const user = visit('/update-teams', {
      '/api/admin/line-ups': () => json(lineUps),
      '/api/admin/line-ups/2025/red-bull': async (request) => {
        saved.push(await request.json());
        return json(lineUps);
      },
    });
    const team = await screen.findByRole('form', { name: 'Red Bull' });
    expect(within(team).getByText(/Imported: Max Verstappen \(1-24\), Liam Lawson \(1-2\), Yuki Tsunoda \(3-24\)/)).toBeInTheDocument();
    const lawsonRounds = within(team).getByRole('textbox', { name: 'Rounds of driver 2' });
    await user.clear(lawsonRounds);
    await user.type(lawsonRounds, 'one and two');
    await user.click(within(team).getByRole('button', { name: 'Save line-up' }));
    expect(within(team).getByRole('alert')).toHaveTextContent('Rounds “one and two” are not rounds: write them as 1-12, 15.');
    await user.clear(lawsonRounds);
    await user.type(lawsonRounds, '1-3');
    await user.click(within(team).getByRole('button', { name: 'Save line-up' }));
    expect(within(team).getByRole('alert')).toHaveTextContent('Round 3 has more than 2 drivers: a team races 2 cars.');
    await user.clear(lawsonRounds);
    await user.type(lawsonRounds, '1, 2');
    await user.click(within(team).getByRole('button', { name: 'Save line-up' }));
    expect(await within(team).findByText('Saved the Red Bull line-up.')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        drivers: [
          { driverId: 'max-verstappen', rounds: Array.from({ length: 24 }, (_, i) => i + 1) },
          { driverId: 'liam-lawson', rounds: [1, 2] },
          { driverId: 'yuki-tsunoda', rounds: Array.from({ length: 22 }, (_, i) => i + 3) },
        ],
      },
    ]);
  });
});

describe('rounds as text', () => {
  it('reads lists and ranges and writes them back', () => {
    expect(parseRounds('1-3, 5')).toEqual([1, 2, 3, 5]);
    expect(parseRounds(' 7 ')).toEqual([7]);
    expect(parseRounds('3-1')).toBeNull();
    expect(parseRounds('')).toBeNull();
    expect(parseRounds('a')).toBeNull();
    expect(formatRounds([5, 1, 2, 3])).toBe('1-3, 5');
  });
});
