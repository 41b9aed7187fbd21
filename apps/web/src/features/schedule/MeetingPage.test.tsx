import { screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api';
import { renderRouter } from '../../test/render';
import { Component as MeetingPage } from './MeetingPage';
import { chineseGrandPrix, classification, testMeetingDetail } from '../../test/meetings.fixtures';

function renderMeetingPage(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/schedule', element: <h1>Schedule</h1> },
      { path: '/schedule/:an/:meeting_name', Component: MeetingPage },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router);
}

const race = classification([
  { driverName: 'Oscar Piastri', teamName: 'McLaren', time: '1:30:55.026', points: 25 },
  { driverName: 'Lando Norris', teamName: 'McLaren', time: '+9.748', points: 18 },
  { driverName: 'George Russell', teamName: 'Mercedes', time: '+11.097', points: 15 },
]);

describe('the meeting page', () => {
  it('shows the weekend: its name and season as title, sessions, circuit facts and results', async () => {
    const fetchMock = mockApi({
      '/api/seasons/2025/meetings/chinese-grand-prix': () => json(testMeetingDetail(chineseGrandPrix, { race })),
    });
    renderMeetingPage('/schedule/2025/chinese-grand-prix');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chinese Grand Prix 2025' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Chinese Grand Prix 2025 · /);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Chinese Grand Prix 2025: every session of the weekend in your local time, the Shanghai Circuit and the results.',
    );
    expect(screen.getByText('Formula 1 Chinese Grand Prix 2025')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Weekend timetable' })).toHaveTextContent('Sprint Race');
    expect(screen.getByText('Completed')).toBeInTheDocument();

    const circuit = screen.getByRole('region', { name: 'Shanghai Circuit' });
    expect(within(circuit).getByRole('img', { name: 'Map of Shanghai Circuit' })).toHaveAttribute(
      'src',
      '/api/circuits/shanghai-1.svg?variant=black',
    );
    expect(within(circuit).getByText('Circuit length').nextSibling).toHaveTextContent('5.451 km');
    expect(within(circuit).getByText('First Grand Prix').nextSibling).toHaveTextContent('2004');
    expect(within(circuit).getByText('Direction').nextSibling).toHaveTextContent('Clockwise');

    expect(within(screen.getByRole('list', { name: 'Race podium' })).getAllByRole('listitem')).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('draws the circuit in white in dark mode', async () => {
    document.documentElement.classList.add('darkmode');
    mockApi({ '/api/seasons/2025/meetings/chinese-grand-prix': () => json(testMeetingDetail(chineseGrandPrix)) });
    renderMeetingPage('/schedule/2025/chinese-grand-prix');
    expect(await screen.findByRole('img', { name: 'Map of Shanghai Circuit' })).toHaveAttribute(
      'src',
      '/api/circuits/shanghai-1.svg?variant=white',
    );
  });

  it('says so kindly, with a way back to the schedule, when the weekend does not exist', async () => {
    mockApi({
      '/api/seasons/2025/meetings/atlantis-grand-prix': () => json({ message: 'No meeting "atlantis-grand-prix" in the 2025 season' }, 404),
    });
    renderMeetingPage('/schedule/2025/atlantis-grand-prix');
    expect(await screen.findByRole('heading', { level: 1, name: 'Race weekend not found' })).toBeInTheDocument();
    expect(screen.getByText(/There is no Atlantis Grand Prix in the 2025 season/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the schedule' })).toHaveAttribute('href', '/schedule');
  });

  it('does not ask the server about an address that cannot be a weekend', async () => {
    const fetchMock = mockApi({});
    renderMeetingPage('/schedule/next-year/British_GP');
    expect(await screen.findByRole('heading', { level: 1, name: 'Race weekend not found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers to try again when the server fails', async () => {
    mockApi({ '/api/seasons/2025/meetings/chinese-grand-prix': () => json({ message: 'Database down' }, 503) });
    renderMeetingPage('/schedule/2025/chinese-grand-prix');
    expect(await screen.findByRole('alert')).toHaveTextContent('This race weekend could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
