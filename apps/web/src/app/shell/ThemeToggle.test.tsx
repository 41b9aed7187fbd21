import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applySavedTheme } from '../../lib/theme';
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
    // Repeated in a cookie, so the server sends the next page already dark.
    expect(document.cookie.split('; ')).toContain('darkMode=true');
    expect(toggle()).toHaveAttribute('aria-checked', 'true');
  });

  it('reflects the theme applied before the app started, and turns it back to light', async () => {
    const user = userEvent.setup();
    document.documentElement.classList.add('darkmode'); // as the server writes it for a dark-mode visitor
    render(<ThemeToggle />);
    expect(toggle()).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle());
    expect(document.documentElement).not.toHaveClass('darkmode');
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(document.cookie.split('; ')).toContain('darkMode=false');
  });
});

describe('the saved theme at start', () => {
  it('renders again what shows the theme when the saved choice differs from the page', () => {
    localStorage.setItem('darkMode', 'true');
    document.documentElement.classList.remove('darkmode');
    render(<ThemeToggle />);
    expect(toggle()).toHaveAttribute('aria-checked', 'false');
    act(() => applySavedTheme());
    expect(toggle()).toHaveAttribute('aria-checked', 'true');
  });

  it('wins over the class the page came with, and the cookie follows it', () => {
    localStorage.setItem('darkMode', 'true');
    document.cookie = 'darkMode=; Max-Age=0; Path=/';
    document.documentElement.classList.remove('darkmode');
    applySavedTheme();
    expect(document.documentElement).toHaveClass('darkmode');
    expect(document.cookie.split('; ')).toContain('darkMode=true');

    localStorage.setItem('darkMode', 'false');
    applySavedTheme();
    expect(document.documentElement).not.toHaveClass('darkmode');
    expect(document.cookie.split('; ')).toContain('darkMode=false');
  });

  it("follows the system's preference until the visitor chooses, without saving it as a choice", () => {
    localStorage.removeItem('darkMode');
    document.documentElement.classList.remove('darkmode');
    const changeListeners: ((event: { matches: boolean }) => void)[] = [];
    const system = { matches: true, addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => changeListeners.push(listener) };
    vi.spyOn(window, 'matchMedia').mockReturnValue(system as unknown as MediaQueryList);
    applySavedTheme();
    expect(document.documentElement).toHaveClass('darkmode');
    expect(document.cookie.split('; ')).toContain('darkMode=true');
    expect(localStorage.getItem('darkMode')).toBeNull();

    act(() => changeListeners.forEach((listener) => listener({ matches: false })));
    expect(document.documentElement).not.toHaveClass('darkmode');

    localStorage.setItem('darkMode', 'false');
    act(() => changeListeners.forEach((listener) => listener({ matches: true })));
    expect(document.documentElement).not.toHaveClass('darkmode');
    vi.restoreAllMocks();
  });
});
