import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { MeetingResults } from './MeetingResults';
import { britishGrandPrix, chineseGrandPrix, classification, testMeetingDetail } from '../../test/meetings.fixtures';

const race = classification([
  { driverName: 'Oscar Piastri', teamName: 'McLaren', time: '1:30:55.026', points: 25 },
  { driverName: 'Lando Norris', teamName: 'McLaren', time: '+9.748', points: 18 },
  { driverName: 'George Russell', teamName: 'Mercedes', time: '+11.097', points: 15 },
  { driverName: 'Fernando Alonso', teamName: 'Aston Martin', status: 'Brakes', points: 0 },
]);
const qualifying = classification([
  { driverName: 'Oscar Piastri', teamName: 'McLaren', q1: '1:31.591', q2: '1:31.200', q3: '1:30.641' },
  { driverName: 'Max Verstappen', teamName: 'Red Bull', q1: '1:31.773', q2: '1:31.505', q3: '1:30.817' },
]);
const sprint = classification([{ driverName: 'Lewis Hamilton', teamName: 'Ferrari', time: '30:39.965', points: 8 }]);
const fastestLap = { driverName: 'Lando Norris', time: '1:35.454', lap: 53 };

describe('a weekend’s results', () => {
  it('show the race podium and fastest lap, then every classification in tabs in the order they ran, the race open', () => {
    renderWithApp(<MeetingResults meeting={testMeetingDetail(chineseGrandPrix, { race, qualifying, sprint, fastestLap })} />);
    const podium = screen.getByRole('list', { name: 'Race podium' });
    expect(within(podium).getAllByRole('listitem').map((step) => step.querySelector('strong')?.textContent)).toEqual([
      'Oscar Piastri',
      'Lando Norris',
      'George Russell',
    ]);
    expect(screen.getByText('Fastest lap').parentElement).toHaveTextContent('Fastest lap Lando Norris 1:35.454 on lap 53');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Sprint Race', 'Qualifying', 'Race']);
    expect(screen.getByRole('tab', { name: 'Race' })).toHaveAttribute('aria-selected', 'true');
    const table = within(screen.getByRole('tabpanel')).getByRole('table');
    expect(within(table).getByRole('row', { name: /Fernando Alonso/ })).toHaveTextContent('Brakes');
  });

  it('show qualifying with Q1, Q2 and Q3, reached by arrow keys', async () => {
    const user = userEvent.setup();
    renderWithApp(<MeetingResults meeting={testMeetingDetail(chineseGrandPrix, { race, qualifying })} />);
    screen.getByRole('tab', { name: 'Race' }).focus();
    await user.keyboard('{ArrowLeft}');
    const tab = screen.getByRole('tab', { name: 'Qualifying' });
    expect(tab).toHaveFocus();
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const table = within(screen.getByRole('tabpanel', { name: 'Qualifying' })).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Pos',
      'Driver',
      'Team',
      'Q1',
      'Q2',
      'Q3',
    ]);
    expect(within(table).getByRole('row', { name: /Max Verstappen/ })).toHaveTextContent('1:31.7731:31.5051:30.817');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Race' })).toHaveFocus();
  });

  it('show practice with the best lap, the gap and the laps, in its own tab', async () => {
    const user = userEvent.setup();
    const practice = [
      {
        session: 'FREE_PRACTICE_1' as const,
        rows: classification([
          { driverName: 'Lando Norris', teamName: 'McLaren', time: '1:31.504', gap: null, laps: 26 },
          { driverName: 'Oscar Piastri', teamName: 'McLaren', time: '1:31.692', gap: '+0.188', laps: 24 },
        ]),
      },
    ];
    renderWithApp(<MeetingResults meeting={testMeetingDetail(chineseGrandPrix, { qualifying, practice })} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Practice 1', 'Qualifying']);
    expect(screen.getByRole('tab', { name: 'Qualifying' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Practice 1' }));
    const table = within(screen.getByRole('tabpanel', { name: 'Practice 1' })).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Pos', 'Driver', 'Team', 'Best lap', 'Gap', 'Laps']);
    expect(within(table).getByRole('row', { name: /Oscar Piastri/ })).toHaveTextContent('1:31.692+0.18824');
  });

  it('mark a provisional classification in its tab and above its table and the podium', () => {
    renderWithApp(<MeetingResults meeting={testMeetingDetail(chineseGrandPrix, { race, qualifying, sprint, provisional: ['SPRINT', 'RACE'] })} />);
    const [sprintTab, qualifyingTab, raceTab] = screen.getAllByRole('tab');
    expect(sprintTab).toHaveAccessibleName('Sprint Race, provisional');
    expect(qualifyingTab).toHaveAccessibleName('Qualifying');
    expect(raceTab).toHaveAccessibleName('Race, provisional');
    const notes = screen.getAllByRole('note');
    expect(notes[0]).toHaveTextContent("ProvisionalThe race result is provisional: it comes from F1's live timing and F1DB has not confirmed it yet.");
    expect(within(screen.getByRole('tabpanel')).getByRole('note')).toHaveTextContent(/^ProvisionalThese results come from F1's live timing/);
  });

  it('leave official classifications unmarked', () => {
    renderWithApp(<MeetingResults meeting={testMeetingDetail(chineseGrandPrix, { race, qualifying })} />);
    expect(screen.queryByText('Provisional')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('keep a session’s result back until the clock has passed it', () => {
    // Practice done, qualifying next: the data may already hold the weekend's results, the page must not.
    renderWithApp(<MeetingResults meeting={testMeetingDetail(britishGrandPrix, { race, qualifying, fastestLap })} />);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('Oscar Piastri')).toBeNull();
    expect(screen.getByText('The results of the finished sessions are not in yet.')).toBeInTheDocument();
  });

  it('say that the results are not in yet when the weekend is over without them', () => {
    renderWithApp(<MeetingResults meeting={{ ...testMeetingDetail(britishGrandPrix), status: 'completed' }} />);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByText('The results of this weekend are not in yet.')).toBeInTheDocument();
  });
});
