import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@slipstream/contract';
import { json, mockApi } from '../../test/api';
import { sessionAnswer, testAccount, testAccountSession, testProfile } from '../../test/accounts';
import { renderWithApp } from '../../test/render';
import { AccountNav } from './AccountNav';

async function openAccountMenu(role: AuthUser['role']) {
  const user = userEvent.setup();
  const fetchMock = mockApi({
    '/api/auth/refresh': () => json(sessionAnswer({ ...testAccount, role })),
    [`/api/profile/${testAccount.uid}`]: () => json({ data: testProfile() }),
    '/api/check-admin': () => (role === 'admin' ? json({ isAdmin: true }) : json({ message: 'Admins only' }, 403)),
  });
  renderWithApp(<AccountNav />, { session: testAccountSession() });
  await user.click(await screen.findByRole('button', { name: /^Account menu for / }));
  return fetchMock;
}

describe('the account menu', () => {
  it('leads an admin to the admin pages', async () => {
    await openAccountMenu('admin');
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('has no admin entry for anyone else, and never asks the server (no refused request in the console)', async () => {
    const fetchMock = await openAccountMenu('user');
    expect(await screen.findByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/check-admin'))).toBe(false);
  });
});
