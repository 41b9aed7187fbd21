import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { renderWithApp } from '../../test/render';
import { britishGrandPrix } from './live.fixtures';
import { SessionNow } from './SessionNow';

const at = (instant: string) => renderWithApp(<SessionNow meeting={britishGrandPrix} />, { clock: fixedClock(instant) });

describe('the session now, by the clock', () => {
  it('inside a session: that session with the time since it started', () => {
    at('2025-07-05T14:30:05Z');
    expect(screen.getByRole('heading', { name: 'Live Running now' })).toBeInTheDocument();
    expect(screen.getByText('Qualifying')).toBeInTheDocument();
    expect(screen.getByText('Elapsed')).toBeInTheDocument();
    expect(screen.getByText('00:30:05')).toBeInTheDocument();
    expect(screen.queryByText('Starts in')).toBeNull();
  });

  it('between sessions: the next one with a countdown', () => {
    at('2025-07-05T12:00:00Z');
    expect(screen.getByRole('heading', { name: 'Next session' })).toBeInTheDocument();
    expect(screen.getByText('Qualifying')).toBeInTheDocument();
    expect(screen.getByText('Starts in')).toBeInTheDocument();
    expect(screen.getByText('02:00:00')).toBeInTheDocument();
    expect(screen.queryByText('Elapsed')).toBeNull();
  });

  it('at the very end of a session: the next one', () => {
    at('2025-07-05T15:00:00Z');
    expect(screen.getByText('Race')).toBeInTheDocument();
    expect(screen.getByText('23:00:00')).toBeInTheDocument();
  });

  it('a day or more ahead: days before the hours', () => {
    at('2025-07-02T10:00:00Z');
    expect(screen.getByText('Practice 1')).toBeInTheDocument();
    expect(screen.getByText('2 d 01:30:00')).toBeInTheDocument();
  });

  it('with no later meeting in the data: says so', () => {
    renderWithApp(<SessionNow meeting={null} />);
    expect(screen.getByText(/no later session/)).toBeInTheDocument();
  });
});
