import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeetingSummary } from '@slipstream/contract';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import type { Month } from './calendar';
import { MonthCalendar } from './MonthCalendar';
import { abuDhabiGrandPrix, britishGrandPrix, lasVegasGrandPrix } from '../../test/meetings.fixtures';

function Harness({ initial, meetings, timeZone }: { initial: Month; meetings: MeetingSummary[]; timeZone: string }) {
  const [month, setMonth] = useState(initial);
  return <MonthCalendar month={month} onMonthChange={setMonth} meetings={meetings} today="2025-07-05" timeZone={timeZone} />;
}

function renderCalendar(initial: Month, { meetings = [britishGrandPrix], timeZone = 'Europe/London' } = {}) {
  return renderWithApp(<Harness initial={initial} meetings={meetings} timeZone={timeZone} />);
}

const grid = () => screen.getByRole('table');
const cells = () => within(grid()).getAllByRole('cell');
const dayOf = (cell: HTMLElement) => cell.querySelector('time')!.getAttribute('datetime');
const cellOf = (day: string) => cells().find((cell) => dayOf(cell) === day)!;

describe('the month calendar', () => {
  it('shows six weeks of 42 days from Monday, named by its month', () => {
    renderCalendar({ year: 2025, month: 7 });
    expect(grid()).toHaveAccessibleName('July 2025');
    expect(within(grid()).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    expect(within(grid()).getAllByRole('row')).toHaveLength(7);
    expect(cells()).toHaveLength(42);
    expect(dayOf(cells()[0]!)).toBe('2025-06-30');
    expect(dayOf(cells()[41]!)).toBe('2025-08-10');
  });

  it('marks today', () => {
    renderCalendar({ year: 2025, month: 7 });
    const today = cellOf('2025-07-05');
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveTextContent('Today, 5');
    expect(cells().filter((cell) => cell.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('moves between months with labelled buttons, across the turn of the year', async () => {
    const user = userEvent.setup();
    renderCalendar({ year: 2025, month: 12 });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'January 2026' })).toBeInTheDocument();
    expect(dayOf(cells()[0]!)).toBe('2025-12-29');
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'November 2025' })).toBeInTheDocument();
    expect(cells()).toHaveLength(42);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    renderCalendar({ year: 2025, month: 7 });
    screen.getByRole('button', { name: 'Next month' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'August 2025' })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.getByRole('heading', { name: 'September 2025' })).toBeInTheDocument();
  });

  it('puts a chip linking to the weekend on its race day only', () => {
    renderCalendar({ year: 2025, month: 7 });
    const chip = screen.getByRole('link', { name: 'British Grand Prix' });
    expect(chip).toHaveAttribute('href', '/schedule/2025/british-grand-prix');
    expect(cellOf('2025-07-06')).toContainElement(chip);
    expect(within(grid()).getAllByRole('link')).toHaveLength(1);
  });

  it('puts the chip on the race day of the visitor’s zone', () => {
    const meetings = [lasVegasGrandPrix, abuDhabiGrandPrix];
    renderCalendar({ year: 2025, month: 11 }, { meetings, timeZone: 'America/Los_Angeles' });
    expect(cellOf('2025-11-22')).toContainElement(screen.getByRole('link', { name: 'Las Vegas Grand Prix' }));
    // Abu Dhabi's race day, 7 December, is in the grid's last week too.
    expect(cellOf('2025-12-07')).toContainElement(screen.getByRole('link', { name: 'Abu Dhabi Grand Prix' }));
  });

  it('puts the same race on the next day further east', () => {
    renderCalendar({ year: 2025, month: 11 }, { meetings: [lasVegasGrandPrix], timeZone: 'Asia/Tokyo' });
    expect(cellOf('2025-11-23')).toContainElement(screen.getByRole('link', { name: 'Las Vegas Grand Prix' }));
  });
});
