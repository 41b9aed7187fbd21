import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../lib/clock';
import { json, mockApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { ReplayPicker } from './Replay';

const catalogue2025 = {
  season: 2025,
  listedFrom: 'archive-index',
  seasons: [2026, 2025],
  meetings: [{ name: 'British Grand Prix', sessions: [{ name: 'Race', startsAt: '2025-07-06T14:00:00.000Z', ref: '2025/british/race/' }] }],
};

describe('the replay picker', () => {
  it('offers every archived season, says when a season cannot be listed, and tries again on request', async () => {
    let archiveUp = false;
    const fetchMock = mockApi({
      '/api/live/replays': (request) => {
        const season = new URL(request.url).searchParams.get('season');
        if (!archiveUp) return json({ message: "F1's timing archive could not be read: no answer within 6000 ms" }, 502);
        return json({ ...catalogue2025, season: Number(season) });
      },
    });
    renderWithApp(<ReplayPicker onChoose={() => {}} />, { clock: fixedClock('2026-11-27T17:00:00Z') });
    expect(await screen.findByText(/The 2026 season could not be listed: F1's timing archive did not answer/)).toBeInTheDocument();
    const seasons = within(screen.getByLabelText('Season')).getAllByRole('option').map((option) => option.textContent);
    expect(seasons).toEqual(['2026', '2025', '2024', '2023', '2022', '2021', '2020', '2019', '2018']);

    archiveUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("Sessions as F1's timing archive lists them for 2026.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(fetchMock.mock.calls.filter((call) => String(call[0]).includes('/api/live/replays'))).toHaveLength(2);
  });
});
