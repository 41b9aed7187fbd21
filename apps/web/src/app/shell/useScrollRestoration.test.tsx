import { act } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRouter } from '../../test/render';
import { useScrollRestoration } from './useScrollRestoration';

function Scrolled() {
  useScrollRestoration();
  return <p>page</p>;
}

function scrollTo(y: number) {
  window.scrollTo(0, y);
  window.dispatchEvent(new Event('scroll'));
}

describe('scroll restoration', () => {
  it('starts a new page at the top and returns to where a page was left on back', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Scrolled /> }], { initialEntries: ['/drivers'] });
    renderRouter(router);
    scrollTo(600);

    await act(() => router.navigate('/drivers/max_verstappen'));
    expect(window.scrollY).toBe(0);
    scrollTo(250);

    await act(() => router.navigate(-1));
    expect(window.scrollY).toBe(600);
    await act(() => router.navigate(1));
    expect(window.scrollY).toBe(250);
  });
});
