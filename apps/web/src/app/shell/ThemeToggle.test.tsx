import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeToggle } from './ThemeToggle';

const toggle = () => screen.getByRole('switch', { name: 'Dark mode' });

describe('the theme toggle', () => {
  it('starts light, then turns dark: class darkmode on <html> and darkMode "true" saved', async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    expect(toggle()).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle());
    expect(document.documentElement).toHaveClass('darkmode');
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(toggle()).toHaveAttribute('aria-checked', 'true');
  });

  it('reflects the theme applied before the app started, and turns it back to light', async () => {
    const user = userEvent.setup();
    document.documentElement.classList.add('darkmode'); // as public/theme-init.js does
    render(<ThemeToggle />);
    expect(toggle()).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle());
    expect(document.documentElement).not.toHaveClass('darkmode');
    expect(localStorage.getItem('darkMode')).toBe('false');
  });
});
