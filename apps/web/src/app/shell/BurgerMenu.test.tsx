import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { BurgerMenu } from './BurgerMenu';

const entries = {
  meeting: { label: 'Current meeting' as const, to: '/schedule/2025/belgian-grand-prix' },
  standings: [
    { label: 'Teams', to: '/teams' },
    { label: 'Drivers', to: '/drivers' },
  ],
  results: [
    { label: 'Races', to: '/race-results/2025' },
    { label: 'Qualifying', to: '/qualifying-results/2025' },
  ],
  more: [
    { label: 'Live', to: '/live' },
    { label: 'Game', to: '/reaction-game' },
    { label: 'History', to: '/f1-history' },
  ],
};

const opener = () => screen.getByRole('button', { name: /menu/i });

describe('the burger menu', () => {
  it('holds the navbar entries, Game and History among the others, and the account links', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderWithApp(<BurgerMenu entries={entries} />);
    expect(opener()).toHaveAttribute('aria-expanded', 'false');
    await user.click(opener());
    expect(opener()).toHaveAttribute('aria-expanded', 'true');

    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(opener()).toHaveAttribute('aria-controls', menu.id);
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Schedule', '/schedule'],
      ['Current meeting', '/schedule/2025/belgian-grand-prix'],
      ['Teams', '/teams'],
      ['Drivers', '/drivers'],
      ['Races', '/race-results/2025'],
      ['Qualifying', '/qualifying-results/2025'],
      ['Live', '/live'],
      ['Game', '/reaction-game'],
      ['History', '/f1-history'],
      ['Log In', '/login'],
      ['Sign Up', '/signup'],
    ]);
  });

  it('closes when a link is chosen, on Escape, and on a tap outside', async () => {
    const user = userEvent.setup();
    mockApi({});
    const { router } = renderWithApp(
      <>
        <BurgerMenu entries={entries} />
        <p>Page content</p>
      </>,
    );
    await user.click(opener());
    await user.click(screen.getByRole('link', { name: 'History' }));
    expect(router.state.location.pathname).toBe('/f1-history');
    expect(opener()).toHaveAttribute('aria-expanded', 'false');

    await user.click(opener());
    await user.keyboard('{Escape}');
    expect(opener()).toHaveAttribute('aria-expanded', 'false');
    expect(opener()).toHaveFocus();

    await user.click(opener());
    await user.click(screen.getByText('Page content'));
    expect(opener()).toHaveAttribute('aria-expanded', 'false');
  });
});
