import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HeroMeeting, LiveFeedState, TimetableEntry } from '@slipstream/contract';
import { fixedClock } from '../../lib/clock';
import { json, mockApi } from '../../test/api';
import { britishGrandPrix as britishSummary, classification, testMeetingDetail } from '../../test/meetings.fixtures';
import { renderWithApp } from '../../test/render';
import { britishGrandPrix } from './home.fixtures';
import { WeekendSessions } from './WeekendSessions';

const results = (session: TimetableEntry['session'], stored: TimetableEntry['results']) => (entry: TimetableEntry) =>
  entry.session === session ? { ...entry, results: stored } : entry;

/** Saturday of the British GP at 14:30 UTC: qualifying runs; practice 1 has official results, 2 none, 3 provisional ones. */
const saturday: HeroMeeting = {
  ...britishGrandPrix,
  meetingContext: {
    ...britishGrandPrix.meetingContext,
    timetables: britishGrandPrix.meetingContext.timetables
      .map(results('FREE_PRACTICE_1', 'official'))
      .map(results('FREE_PRACTICE_3', 'provisional')),
  },
};

const practiceRows = classification([
  { driverName: 'Lando Norris', teamName: 'McLaren' },
  { driverName: 'Oscar Piastri', teamName: 'McLaren' },
  { driverName: 'Max Verstappen', teamName: 'Red Bull Racing' },
  { driverName: 'Charles Leclerc', teamName: 'Ferrari' },
]);

function showWeekend(instant: string, feed: LiveFeedState) {
  mockApi({
    '/api/event-tracker': () => json({ data: [saturday] }),
    '/api/live/feed': () => json({ state: feed, since: instant, session: null }),
    '/api/seasons/2025/meetings/british-grand-prix': () =>
      json({
        ...testMeetingDetail(britishSummary, {
          practice: [
            { session: 'FREE_PRACTICE_1', rows: practiceRows },
            { session: 'FREE_PRACTICE_3', rows: practiceRows },
          ],
          provisional: ['FREE_PRACTICE_3'],
        }),
      }),
  });
  renderWithApp(<WeekendSessions />, { clock: fixedClock(instant) });
}

const row = (name: string) => screen.getAllByRole('listitem').find((item) => item.textContent?.includes(name) && item.textContent.match(/^\d\d:\d\d/))!;

describe('the weekend on the home page', () => {
  it('gives each session its state: top three or results not in yet, provisional marked, and Live leading to the tower', async () => {
    showWeekend('2025-07-05T14:30:00Z', 'connected');
    expect(await screen.findByRole('heading', { name: 'This weekend' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Live: timing' })).toHaveAttribute('href', '/live');
    const podium = await screen.findByRole('list', { name: 'Top three of Practice 1' });
    expect(within(podium).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1NOR', '2PIA', '3VER']);
    expect(row('Practice 2')).toHaveTextContent('Finished, results not in yet');
    expect(row('Practice 3')).toHaveTextContent('Provisional');
    expect(row('Race')).toHaveTextContent('Starts in 23:30:00');
  });

  it('says a running session the feed does not confirm is scheduled now, with no live data', async () => {
    showWeekend('2025-07-05T14:30:00Z', 'unreachable');
    expect(await screen.findByText('Scheduled now, no live data')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Live: timing' })).toBeNull();
  });

  it('counts down to the next session within a day', async () => {
    showWeekend('2025-07-05T12:00:00Z', 'idle');
    await screen.findByRole('heading', { name: 'This weekend' });
    expect(row('Qualifying')).toHaveTextContent('Starts in 02:00:00');
  });

  it('stays away until a day before the weekend starts', async () => {
    showWeekend('2025-07-02T12:00:00Z', 'idle');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('heading', { name: 'This weekend' })).toBeNull();
  });
});
