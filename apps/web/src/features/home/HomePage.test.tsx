import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionSource } from '../../lib/auth';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { britishGrandPrix } from './home.fixtures';
import { Component as HomePage } from './HomePage';

const signedIn: SessionSource = {
  restore: async () => ({ uid: 'u1', email: 'ana@example.com', displayName: 'Ana Pop', photoUrl: null, role: 'user' as const }),
  signOut: async () => {},
};

function mockHomeApi() {
  mockApi({
    '/api/event-tracker': () => json({ data: [britishGrandPrix] }),
    '/api/news/official': () => json({ items: [] }),
    '/api/stiri-rf': () => json([]),
    '/api/news/sources': () => json({ sources: [] }),
  });
}

describe('the home page', () => {
  it('has its own title and description', async () => {
    mockHomeApi();
    renderWithApp(<HomePage />);
    await screen.findByRole('region', { name: 'British Grand Prix' });
    expect(document.title).toBe('Slipstream: unofficial Formula 1 fan site');
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('race weekend with a live countdown')),
    );
  });

  it('invites an anonymous visitor to create an account', async () => {
    mockHomeApi();
    renderWithApp(<HomePage />);
    const teaser = await screen.findByRole('region', { name: 'Why create an account?' });
    expect(teaser).toHaveTextContent(/favourite driver and team/);
    expect(within(teaser).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(within(teaser).getByRole('link', { name: 'More info' })).toHaveAttribute('href', '/info');
  });

  it('shows no teaser to a signed-in visitor', async () => {
    mockHomeApi();
    renderWithApp(<HomePage />, { session: signedIn });
    await screen.findByRole('complementary', { name: 'Your favourites' });
    expect(screen.queryByRole('region', { name: 'Why create an account?' })).toBeNull();
  });
});
