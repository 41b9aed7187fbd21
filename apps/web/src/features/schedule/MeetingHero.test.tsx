import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { MeetingHero } from './MeetingHero';
import { britishGrandPrix, chineseGrandPrix, daySession, testMeeting, timedSession } from '../../test/meetings.fixtures';

const sessionRows = () => within(screen.getByRole('region')).getAllByRole('listitem');

describe('the meeting hero', () => {
  it('names the round, its status, place and dates, and links to the weekend', () => {
    renderWithApp(<MeetingHero meeting={britishGrandPrix} showName />);
    const hero = screen.getByRole('region', { name: 'Round 12: British Grand Prix' });
    expect(within(hero).getByText('Round 12')).toBeInTheDocument();
    expect(within(hero).getByText('This weekend')).toBeInTheDocument();
    expect(within(hero).getByRole('heading', { level: 2, name: 'British Grand Prix' })).toBeInTheDocument();
    expect(within(hero).getByRole('link', { name: 'British Grand Prix' })).toHaveAttribute(
      'href',
      '/schedule/2025/british-grand-prix',
    );
    expect(hero).toHaveTextContent('Formula 1 British Grand Prix 2025');
    expect(hero).toHaveTextContent('United Kingdom · Silverstone');
    expect(hero).toHaveTextContent('04–06/07/2025');
    expect(hero).toHaveTextContent('All times are shown in your local time zone');
  });

  it('groups the sessions by day with their status: done, the next one upcoming, later ones plain', () => {
    renderWithApp(<MeetingHero meeting={britishGrandPrix} showName />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Friday04/07/2025',
      'Saturday05/07/2025',
      'Sunday06/07/2025',
    ]);
    expect(sessionRows().map((row) => row.textContent?.replace(/\d\d:\d\d/, ''))).toEqual([
      'Practice 1Done',
      'Practice 2Done',
      'Practice 3Done',
      'QualifyingUpcoming',
      'Race',
    ]);
  });

  const running = testMeeting({
    ...britishGrandPrix,
    circuitName: 'Silverstone',
    timetables: [timedSession('QUALIFYING', '2025-07-05T14:00:00.000Z', 'isCurrent')],
  });

  it('shows a running session as Live once F1’s feed confirms it', async () => {
    mockApi({ '/api/live/feed': () => json({ state: 'connected', since: '2025-07-05T13:30:00.000Z', session: null }) });
    renderWithApp(<MeetingHero meeting={running} />);
    await waitFor(() => expect(sessionRows()[0]).toHaveTextContent(/^\d\d:\d\dQualifyingLive$/));
  });

  it('shows a running session the feed does not confirm as scheduled now, with no live data', async () => {
    mockApi({ '/api/live/feed': () => json({ state: 'unreachable', since: '2025-07-05T13:30:00.000Z', session: null }) });
    renderWithApp(<MeetingHero meeting={running} />);
    expect(sessionRows()[0]).toHaveTextContent(/QualifyingScheduled now, no live data$/);
    await waitFor(() => expect(sessionRows()[0]).toHaveTextContent(/QualifyingScheduled now, no live data$/));
  });

  it('says a finished session without results has none in yet, and marks provisional ones', () => {
    const weekend = testMeeting({
      ...britishGrandPrix,
      circuitName: 'Silverstone',
      timetables: [
        { ...timedSession('FREE_PRACTICE_1', '2025-07-04T11:30:00.000Z', 'completed'), results: null },
        { ...timedSession('FREE_PRACTICE_2', '2025-07-04T15:00:00.000Z', 'completed'), results: 'provisional' },
        timedSession('FREE_PRACTICE_3', '2025-07-05T10:30:00.000Z', 'completed'),
      ],
    });
    renderWithApp(<MeetingHero meeting={weekend} />);
    expect(sessionRows()[0]).toHaveTextContent(/Practice 1Finished, results not in yet$/);
    expect(sessionRows()[1]).toHaveTextContent(/Practice 2Done, provisional$/);
    expect(sessionRows()[2]).toHaveTextContent(/Practice 3Done$/);
  });

  it('shows Sprint Qualifying and Sprint Race on a sprint weekend, without Practice 2 and 3', () => {
    renderWithApp(<MeetingHero meeting={chineseGrandPrix} />);
    const labels = sessionRows().map((row) => row.textContent);
    expect(labels.some((label) => label?.includes('Sprint Qualifying'))).toBe(true);
    expect(labels.some((label) => label?.includes('Sprint Race'))).toBe(true);
    expect(screen.queryByText(/Practice [23]/)).toBeNull();
    expect(screen.getByText('Sprint')).toBeInTheDocument();
  });

  it('shows the day alone for a session without a time', () => {
    const old = testMeeting({
      round: 1,
      meetingName: 'Bahrain Grand Prix',
      countryName: 'Bahrain',
      countryCode: 'BH',
      circuitName: 'Bahrain',
      status: 'completed',
      timetables: [daySession('RACE', '2010-03-14')],
    });
    renderWithApp(<MeetingHero meeting={old} />);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Sunday14/03/2010');
    expect(sessionRows()[0]).toHaveTextContent(/^RaceDone$/);
    expect(screen.getByRole('region')).toHaveTextContent('14/03/2010');
    expect(screen.getByRole('region')).not.toHaveTextContent(/\d\d:\d\d/);
  });
});
