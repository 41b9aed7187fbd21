import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { renderWithApp } from '../../test/render';
import { britishGrandPrix } from './live.fixtures';
import { SessionNow } from './SessionNow';

const at = (instant: string, liveConfirmed = true) =>
  renderWithApp(<SessionNow meeting={britishGrandPrix} liveConfirmed={liveConfirmed} />, { clock: fixedClock(instant) });

describe('the session now, by the clock', () => {
  it.each([
    { when: 'inside a session: that session with the time since it started', instant: '2025-07-05T14:30:05Z', heading: 'Live Running now', label: 'Elapsed', time: '00:30:05', absent: 'Starts in' },
    { when: 'between sessions: the next one with a countdown', instant: '2025-07-05T12:00:00Z', heading: 'Next session', label: 'Starts in', time: '02:00:00', absent: 'Elapsed' },
  ])('$when', ({ instant, heading, label, time, absent }) => {
    at(instant);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText('Qualifying')).toBeInTheDocument();
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText(time)).toBeInTheDocument();
    expect(screen.queryByText(absent)).toBeNull();
  });

  it('inside a session the feed does not confirm: scheduled now, not Live', () => {
    at('2025-07-05T14:30:05Z', false);
    expect(screen.getByRole('heading', { name: 'Scheduled now, no live data' })).toBeInTheDocument();
    expect(screen.queryByText('Live')).toBeNull();
    expect(screen.getByText(/does not confirm it/)).toBeInTheDocument();
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
    renderWithApp(<SessionNow meeting={null} liveConfirmed={false} />);
    expect(screen.getByText(/no later session/)).toBeInTheDocument();
  });
});
