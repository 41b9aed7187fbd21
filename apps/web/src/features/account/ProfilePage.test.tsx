import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { sessionAnswer, testAccount, testAccountSession, testProfile } from '../../test/accounts';
import { json, mockApi } from '../../test/api';
import { renderRouter } from '../../test/render';

const MARKUP = '<img src=x onerror="document.body.dataset.pwned=1">';

describe('the profile page', { timeout: 20_000 }, () => {
  it('shows names full of markup as text, never as elements', async () => {
    const account = { ...testAccount, displayName: MARKUP };
    mockApi({
      '/api/auth/refresh': () => json(sessionAnswer(account)),
      [`/api/profile/${testAccount.uid}`]: () => json({ data: testProfile({ displayName: MARKUP, firstName: '<b>Ana</b>', lastName: '<script>x()</script>' }) }),
    });
    renderRouter(createMemoryRouter(routes, { initialEntries: ['/profile'] }), { session: testAccountSession() });

    expect(await screen.findByRole('heading', { name: MARKUP })).toBeInTheDocument();
    expect(screen.getByText('<b>Ana</b> <script>x()</script>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"], img[onerror], b, main script')).toBeNull();
    expect(document.body.dataset.pwned).toBeUndefined();
  });
});
