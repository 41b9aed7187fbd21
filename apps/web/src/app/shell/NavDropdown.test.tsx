import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { NavDropdown } from './NavDropdown';

function renderStandings(onSignOut = vi.fn()) {
  return renderWithApp(
    <div>
      <NavDropdown
        label="Standings"
        items={[
          { label: 'Teams', to: '/teams' },
          { label: 'Drivers', to: '/drivers' },
          { label: 'Sign out', onSelect: onSignOut },
        ]}
      />
      <p>Elsewhere on the page</p>
    </div>,
  );
}

const trigger = () => screen.getByRole('button', { name: 'Standings' });
const menu = () => document.getElementById(trigger().getAttribute('aria-controls')!)!;

describe('a navbar dropdown', () => {
  it('is closed at first, its button pointing at the hidden list', () => {
    renderStandings();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();
    expect(screen.queryByRole('link', { name: 'Teams' })).toBeNull();
  });

  it('opens on a click of its label and closes on a second click', async () => {
    const user = userEvent.setup();
    renderStandings();
    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(menu()).toBeVisible();
    expect(screen.getByRole('link', { name: 'Teams' })).toHaveAttribute('href', '/teams');
    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click elsewhere', async () => {
    const user = userEvent.setup();
    renderStandings();
    await user.click(trigger());
    await user.click(screen.getByText('Elsewhere on the page'));
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderStandings();
    await user.click(trigger());
    screen.getByRole('link', { name: 'Drivers' }).focus();
    await user.keyboard('{Escape}');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveFocus();
  });

  it('closes when a link is chosen, after navigating to it', async () => {
    const user = userEvent.setup();
    const { router } = renderStandings();
    await user.click(trigger());
    await user.click(screen.getByRole('link', { name: 'Drivers' }));
    expect(router.state.location.pathname).toBe('/drivers');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes and runs an action entry', async () => {
    const user = userEvent.setup();
    const onSignOut = vi.fn();
    renderStandings(onSignOut);
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('works from the keyboard: Enter opens, arrows move, Tab out closes', async () => {
    const user = userEvent.setup();
    renderStandings();
    trigger().focus();
    await user.keyboard('{Enter}');
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Teams' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Drivers' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('link', { name: 'Teams' })).toHaveFocus();
    fireEvent.blur(screen.getByRole('link', { name: 'Teams' }), { relatedTarget: document.body });
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });
});
