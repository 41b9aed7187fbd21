import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorNote } from './ErrorNote';

describe('an error note', () => {
  it('says what failed and offers to try again when it can', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    render(<ErrorNote message="The standings could not be loaded." onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The standings could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('has no button when there is nothing to retry', () => {
    render(<ErrorNote message="Error" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
