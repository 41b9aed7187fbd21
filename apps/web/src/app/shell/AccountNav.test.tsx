import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/api';
import { sessionAnswer, testAccount, testAccountSession, testProfile } from '../../test/accounts';
import { renderWithApp } from '../../test/render';
import { AccountNav } from './AccountNav';

async function openAccountMenu(checkAdmin: () => Response) {
  const user = userEvent.setup();
  const fetchMock = mockApi({
    '/api/auth/refresh': () => json(sessionAnswer()),
    [`/api/profile/${testAccount.uid}`]: () => json({ data: testProfile() }),
    '/api/check-admin': checkAdmin,
  });
  renderWithApp(<AccountNav />, { session: testAccountSession() });
  await user.click(await screen.findByRole('button', { name: /^Account menu for / }));
  return fetchMock;
}

describe('the account menu', () => {
  it('leads an admin to the admin pages', async () => {
    await openAccountMenu(() => json({ isAdmin: true }));
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('has no admin entry for anyone else', async () => {
    const fetchMock = await openAccountMenu(() => json({ message: 'Admins only' }, 403));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/check-admin'))).toBe(true));
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});
