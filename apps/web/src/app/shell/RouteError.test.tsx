import { act, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRouter } from '../../test/render';
import { RouteErrorBoundary } from './RouteError';

function Broken(): never {
  throw new Error('the page broke');
}

describe('a page that fails', () => {
  it('shows the reload message in its place, and the next address shows its page again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [{ element: <RouteErrorBoundary />, children: [
        { path: '/broken', element: <Broken /> },
        { path: '/fine', element: <h1>Fine page</h1> },
      ] }],
      { initialEntries: ['/broken'] },
    );
    renderRouter(router);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'the page broke' }));

    await act(() => router.navigate('/fine'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fine page' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
