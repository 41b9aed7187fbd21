import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { anonymousApi, testAccountSession, testPolicy } from '../../test/accounts';
import { json, mockApi } from '../../test/api';
import { renderRouter } from '../../test/render';

function renderSignup() {
  const { router } = renderRouter(createMemoryRouter(routes, { initialEntries: ['/signup'] }), { session: testAccountSession() });
  return { router, user: userEvent.setup() };
}

const policyApi = { ...anonymousApi, '/api/auth/password-policy': () => json(testPolicy) };
const rule = (text: string) => within(screen.getByRole('list', { name: 'Password rules' })).getByText(text).closest('li')!;

describe('the sign-up form', { timeout: 20_000 }, () => {
  it('shows the password policy as the user types', async () => {
    mockApi(policyApi);
    const { user } = renderSignup();
    const password = await screen.findByLabelText('Password', { selector: 'input' });
    expect(await screen.findByRole('list', { name: 'Password rules' })).toBeInTheDocument();
    expect(rule('At least 8 characters')).toHaveTextContent('(not met yet)');

    await user.type(password, 'password');
    expect(rule('At least 8 characters')).toHaveTextContent('(met)');
    expect(rule('Not one of the most common passwords')).toHaveTextContent('(not met yet)');
    await user.type(password, '-on-the-grid');
    expect(rule('Not one of the most common passwords')).toHaveTextContent('(met)');
  });

  it('names the broken rules and a too short display name beside their fields', async () => {
    mockApi(policyApi);
    const { user } = renderSignup();
    await user.type(await screen.findByLabelText('Display name (optional)'), 'Al');
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'al@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), '12345678');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('At least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Must meet the rule "Not one of the most common passwords"')).toBeInTheDocument();
  });

  it('says when the address already has an account', async () => {
    mockApi({
      ...policyApi,
      '/api/auth/sign-up': () => json({ code: 'auth/email-already-in-use', message: 'An account already uses this email address. Sign in, or reset your password.' }, 409),
    });
    const { user } = renderSignup();
    await user.type(await screen.findByLabelText('Email', { selector: 'input' }), 'ana@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Grid-walk-2025');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account already uses this email address.');
  });

  it('goes on to /confirm, which names the address and can send the mail again', async () => {
    mockApi({
      ...policyApi,
      '/api/auth/sign-up': () => json({ message: 'Check your inbox', email: 'ana@example.com' }, 201),
      '/api/auth/verify-email/resend': () => json({ message: 'If ana@example.com belongs to an account that is not confirmed yet, a new confirmation link is on its way.' }, 202),
    });
    const { router, user } = renderSignup();
    await user.type(await screen.findByLabelText('Email', { selector: 'input' }), 'Ana@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Grid-walk-2025');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/confirm'));
    expect(await screen.findByText(/We sent a confirmation link to/)).toHaveTextContent('ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the confirmation mail again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a new confirmation link is on its way');
  });
});
