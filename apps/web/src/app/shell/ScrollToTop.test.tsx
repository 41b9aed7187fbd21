import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SCROLL_TO_TOP_THRESHOLD_PX, ScrollToTop } from './ScrollToTop';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

const button = () => screen.queryByRole('button', { name: 'Back to top' });

describe('the scroll-to-top button', () => {
  it('appears only once the page is scrolled more than 300 px', () => {
    expect(SCROLL_TO_TOP_THRESHOLD_PX).toBe(300);
    render(<ScrollToTop />);
    scrollTo(0);
    expect(button()).toBeNull();
    scrollTo(300);
    expect(button()).toBeNull();
    scrollTo(301);
    expect(button()).toBeInTheDocument();
    scrollTo(120);
    expect(button()).toBeNull();
  });

  it('scrolls back to the top', async () => {
    const user = userEvent.setup();
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<ScrollToTop />);
    scrollTo(900);
    await user.click(button()!);
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});
