import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { CookieNotice } from './CookieNotice';

const notice = () => screen.queryByRole('complementary', { name: 'Cookie notice' });

describe('the cookie notice', () => {
  it('is shown when no cookieAccepted flag is stored, with the points docs/product.md (Shell) lists', () => {
    renderWithApp(<CookieNotice />);
    expect(notice()).toHaveTextContent(/Photos of the current drivers load from Formula 1’s media server, which may set its own cookies/);
    expect(notice()).not.toHaveTextContent(/official Formula 1 website/);
    expect(notice()).toHaveTextContent(/Google or GitHub may use their cookies/i);
    expect(notice()).toHaveTextContent(/decline cookies on the F1 website/i);
  });

  it('closes with its button, stores cookieAccepted, and stays closed on the next visit', async () => {
    const user = userEvent.setup();
    const first = renderWithApp(<CookieNotice />);
    await user.click(screen.getByRole('button', { name: 'Close cookie notice' }));
    expect(notice()).toBeNull();
    expect(localStorage.getItem('cookieAccepted')).toBe('true');

    first.unmount();
    renderWithApp(<CookieNotice />);
    expect(notice()).toBeNull();
  });
});
