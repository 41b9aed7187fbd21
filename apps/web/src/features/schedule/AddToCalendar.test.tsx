import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api';
import { renderRouter, renderWithApp } from '../../test/render';
import { Component as MeetingPage } from './MeetingPage';
import { Component as SchedulePage } from './SchedulePage';
import { britishGrandPrix, chineseGrandPrix, testMeetingDetail } from '../../test/meetings.fixtures';

describe('Add to calendar on the schedule page', () => {
  it('subscribes (webcal and Google Calendar) or downloads the season, with every session or only the main ones', async () => {
    mockApi({
      '/api/meta': () => json({ featuredSeason: 2025, dataVersion: null }),
      '/api/seasons/2025/meetings': () => json({ season: 2025, meetings: [chineseGrandPrix, britishGrandPrix] }),
    });
    renderWithApp(<SchedulePage />, { path: '/schedule' });
    const section = await screen.findByRole('region', { name: 'Add to your calendar' });
    const host = window.location.host;

    const every = within(section).getByRole('radio', { name: 'Every session' });
    const main = within(section).getByRole('radio', { name: 'Qualifying, sprint and race' });
    expect(within(section).getByRole('group', { name: 'Sessions' })).toBeInTheDocument();
    expect(every).toBeChecked();
    expect(within(section).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', `webcal://${host}/api/calendar/2025.ics?sessions=all`);
    const download = within(section).getByRole('link', { name: 'Download .ics' });
    expect(download).toHaveAttribute('href', '/api/calendar/2025.ics?sessions=all');
    expect(download).toHaveAttribute('download', 'slipstream-f1-2025.ics');

    await userEvent.click(main);
    expect(main).toBeChecked();
    expect(within(section).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', `webcal://${host}/api/calendar/2025.ics?sessions=main`);
    expect(download).toHaveAttribute('href', '/api/calendar/2025.ics?sessions=main');
    expect(download).toHaveAttribute('download', 'slipstream-f1-2025-main.ics');
    const google = within(section).getByRole('link', { name: 'Add to Google Calendar' });
    expect(new URL(google.getAttribute('href')!).searchParams.get('cid')).toBe(`webcal://${host}/api/calendar/2025.ics?sessions=main`);
    expect(google).toHaveAttribute('target', '_blank');
  });
});

describe('Add to calendar on a meeting page', () => {
  it('downloads the meeting’s own sessions', async () => {
    mockApi({ '/api/seasons/2025/meetings/chinese-grand-prix': () => json(testMeetingDetail(chineseGrandPrix)) });
    const router = createMemoryRouter([{ path: '/schedule/:an/:meeting_name', Component: MeetingPage }], {
      initialEntries: ['/schedule/2025/chinese-grand-prix'],
    });
    renderRouter(router);
    const link = await screen.findByRole('link', { name: 'Add the Chinese Grand Prix sessions to your calendar (.ics file)' });
    expect(link).toHaveAttribute('href', '/api/calendar/2025/2.ics');
    expect(link).toHaveAttribute('download', 'slipstream-f1-2025-round-2.ics');
    expect(link).toHaveTextContent('Add to calendar');
  });
});
