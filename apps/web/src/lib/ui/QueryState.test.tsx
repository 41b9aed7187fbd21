import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { allOf, QueryFailure, QueryState, type QueryView } from './QueryState';

const view = <T,>(data: T | undefined, error: Error | null = null): QueryView<T> => ({ data, error, refetch: vi.fn(async () => {}) });

function Shown({ query, error = 'The list could not be loaded.' }: { query: QueryView<string>; error?: string | null }) {
  return (
    <QueryState query={query} pending={<p>placeholder</p>} error={error}>
      {(data) => <p>{data}</p>}
    </QueryState>
  );
}

describe('a read shown by QueryState', () => {
  it('shows the placeholder until the answer comes, then the answer alone', () => {
    const { container, rerender } = render(<Shown query={view<string>(undefined)} />);
    expect(container).toHaveTextContent(/^placeholder$/);
    rerender(<Shown query={view('the answer')} />);
    expect(container.innerHTML).toBe('<p>the answer</p>');
  });

  it('says what failed and reads again on "Try again"', async () => {
    const query = view<string>(undefined, new Error('Server error'));
    render(<Shown query={query} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledOnce();
  });

  it('keeps an answer it has when reading it again fails, saying so above it', () => {
    render(<Shown query={view('the answer', new Error('Server error'))} />);
    expect(screen.getByText('the answer')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
  });

  it('shows nothing for a failed background read, and keeps its answer silently', () => {
    const failed = new Error('Server error');
    const { container, rerender } = render(<Shown query={view<string>(undefined, failed)} error={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Shown query={view('the answer', failed)} error={null} />);
    expect(container.innerHTML).toBe('<p>the answer</p>');
  });

  it('words the failure from the error, frames it, and offers no retry when told', () => {
    render(
      <QueryState
        query={view<string>(undefined, new Error('No such season'))}
        pending={null}
        error={(error) => `Not shown: ${error.message}`}
        retry={false}
        failure={(note) => <section aria-label="Frame">{note}</section>}
      >
        {(data) => data}
      </QueryState>,
    );
    expect(screen.getByRole('region', { name: 'Frame' })).toHaveTextContent('Not shown: No such season');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('several reads joined by allOf', () => {
  it('are answered once all are, and failed when one is, reading again only the failed ones', async () => {
    expect(allOf(view(1), view<string>(undefined)).data).toBeUndefined();
    expect(allOf(view(1), view('two')).data).toEqual([1, 'two']);
    const [ok, failed] = [view(1), view<string>(undefined, new Error('Server error'))];
    const joined = allOf(ok, failed);
    expect(joined.error?.message).toBe('Server error');
    await joined.refetch();
    expect(failed.refetch).toHaveBeenCalledOnce();
    expect(ok.refetch).not.toHaveBeenCalled();
  });

  it('have their failure shown apart by QueryFailure, with a "Try again", and nothing while they have not failed', async () => {
    const failed = allOf(view(1), view<string>(undefined, new Error('Server error')));
    const { rerender } = render(<QueryFailure query={failed} message="Not loaded." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    rerender(<QueryFailure query={allOf(view(1), view<string>(undefined))} message="Not loaded." />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
