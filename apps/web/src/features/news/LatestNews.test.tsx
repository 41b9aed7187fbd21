import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsSource, OfficialNewsItem, RaceFansNewsItem } from '@slipstream/contract';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { sessionKeys } from '../../lib/storage';
import { json, mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { LatestNews } from './LatestNews';

const official = (n: number, thumbnail: string | null = null): OfficialNewsItem => ({
  id: `official-${n}`,
  slug: `story-${n}`,
  title: `Official story ${n}`,
  thumbnail: thumbnail ? { image: { path: thumbnail } } : null,
  link: `https://example.com/f1/story-${n}`,
  publishedAt: '2025-07-05T10:00:00.000Z',
});

const raceFans = (letter: string, fields: Partial<RaceFansNewsItem> = {}): RaceFansNewsItem => ({
  _id: `racefans-${letter}`,
  titlu: `RaceFans column ${letter}`,
  autor: 'Keith Collantine',
  dataPublicare: '2025-07-05T08:00:00.000Z',
  descriere: `What column ${letter} says.`,
  categorii: ['Analysis', 'Silverstone'],
  linkPost: `https://example.com/racefans/${letter}`,
  ...fields,
});

const source = (name: string, fields: Partial<NewsSource>): NewsSource => ({
  name,
  url: `https://example.com/${name}.xml`,
  everyMinutes: 30,
  lastSuccessAt: null,
  lastFailureAt: null,
  lastError: null,
  itemCount: 0,
  ...fields,
});

const officialSection = () => screen.findByRole('region', { name: 'Formula 1' });
const raceFansSection = () => screen.findByRole('region', { name: 'RaceFans' });

describe('Latest News', () => {
  it('shows a spinner until both lists are loaded', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      '/api/news/official': () => new Promise((resolve) => (answer = resolve)),
      '/api/stiri-rf': () => json([]),
    });
    renderWithApp(<LatestNews />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading news…');
    await act(async () => answer(json({ items: [official(1)] })));
    expect(await officialSection()).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lists up to 6 official items, each opening in a new tab, with a picture only when there is one', async () => {
    const items = [official(1, 'https://media.example.com/1.jpg'), ...[2, 3, 4, 5, 6, 7].map((n) => official(n))];
    mockApi({ '/api/news/official': () => json({ items }), '/api/stiri-rf': () => json([]) });
    renderWithApp(<LatestNews />);
    const list = await officialSection();
    const links = within(list).getAllByRole('link');
    // Every item names its source and date; a missing picture becomes a panel naming the source, hidden from readers.
    expect(links.map((link) => link.querySelector('[class*=officialTitle]')!.textContent)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `Official story ${n} (opens in a new tab)`),
    );
    for (const link of links) expect(link).toHaveAccessibleName(/^Official story \d \(opens in a new tab\) Formula 1 .+2025$/);
    expect(links[1]!.querySelector('[data-empty]')).toHaveTextContent('Formula 1');
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(links[0]).toHaveAttribute('href', 'https://example.com/f1/story-1');
    expect(list.querySelectorAll('img')).toHaveLength(1);
    expect(list.querySelector('img')).toHaveAttribute('src', 'https://media.example.com/1.jpg');
  });

  it('replaces a thumbnail that fails to load, so no broken image shows', async () => {
    mockApi({ '/api/news/official': () => json({ items: [official(1, 'https://media.example.com/gone.jpg')] }), '/api/stiri-rf': () => json([]) });
    renderWithApp(<LatestNews />);
    const list = await officialSection();
    fireEvent.error(list.querySelector('img')!);
    expect(list.querySelector('img')).toBeNull();
    expect(within(list).getByRole('link')).toHaveTextContent('Official story 1');
  });

  it('shows two RaceFans cards and toggles the rest', async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/news/official': () => json({ items: [official(1)] }),
      '/api/stiri-rf': () => json([raceFans('A'), raceFans('B'), raceFans('C')]),
    });
    renderWithApp(<LatestNews />);
    const section = await raceFansSection();
    const titles = () => within(section).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    expect(titles()).toEqual(['RaceFans column A', 'RaceFans column B']);

    const toggle = within(section).getByRole('button', { name: 'See more RaceFans news' });
    await user.click(toggle);
    expect(titles()).toEqual(['RaceFans column A', 'RaceFans column B', 'RaceFans column C']);
    expect(toggle).toHaveAccessibleName('See less');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(titles()).toHaveLength(2);
    expect(toggle).toHaveAccessibleName('See more RaceFans news');
  });

  it('offers no toggle when there are only two RaceFans items', async () => {
    mockApi({ '/api/news/official': () => json({ items: [] }), '/api/stiri-rf': () => json([raceFans('A'), raceFans('B')]) });
    renderWithApp(<LatestNews />);
    const section = await raceFansSection();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('shows each RaceFans card’s title, author, date, description, first category and link', async () => {
    mockApi({
      '/api/news/official': () => json({ items: [] }),
      '/api/stiri-rf': () => json([raceFans('A'), raceFans('B', { autor: '  ', categorii: [] })]),
    });
    renderWithApp(<LatestNews />);
    const [first, second] = within(await raceFansSection()).getAllByRole('article');
    expect(first).toHaveTextContent('Analysis');
    expect(first).not.toHaveTextContent('Silverstone');
    expect(first).toHaveTextContent('By Keith Collantine');
    expect(within(first!).getByText('05/07/2025')).toHaveAttribute('datetime', '2025-07-05T08:00:00.000Z');
    expect(first).toHaveTextContent('What column A says.');
    const link = within(first!).getByRole('link', { name: 'RaceFans column A: Read on RaceFans (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://example.com/racefans/A');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(second).toHaveTextContent('By Unknown');
  });

  it('says honestly that there is no news yet, and when each feed was last read', async () => {
    mockApi({
      '/api/news/official': () => json({ items: [] }),
      '/api/stiri-rf': () => json([]),
      '/api/news/sources': () =>
        json({
          sources: [
            source('formula1', { lastFailureAt: '2025-07-05T11:00:00.000Z', lastError: 'network error: ENOTFOUND' }),
            source('racefans', { lastSuccessAt: '2025-07-05T09:30:00.000Z' }),
          ],
        }),
    });
    renderWithApp(<LatestNews />);
    expect(await officialSection()).toHaveTextContent('No Formula 1 news to show yet.');
    expect(await screen.findByText(/The feed cannot be reached \(last try 05\/07\/2025/)).toBeInTheDocument();
    expect(await raceFansSection()).toHaveTextContent('No RaceFans news to show yet.');
    expect(await screen.findByText(/The feed was last read on 05\/07\/2025/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says a feed cannot be reached when its last try failed after an earlier success', async () => {
    mockApi({
      '/api/news/official': () => json({ items: [] }),
      '/api/stiri-rf': () => json([]),
      '/api/news/sources': () =>
        json({ sources: [source('formula1', { lastSuccessAt: '2025-07-04T09:00:00.000Z', lastFailureAt: '2025-07-05T11:00:00.000Z' }), source('racefans', {})] }),
    });
    renderWithApp(<LatestNews />);
    expect(await screen.findByText(/The feed cannot be reached \(last try .*; last read on 04\/07\/2025/)).toBeInTheDocument();
    expect(await screen.findByText(/The site has not managed to read the feed yet/)).toBeInTheDocument();
  });

  it('still says there is no news when the feeds’ status is unknown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ '/api/news/official': () => json({ items: [] }), '/api/stiri-rf': () => json([]) });
    renderWithApp(<LatestNews />);
    expect(await officialSection()).toHaveTextContent(/^Formula 1No Formula 1 news to show yet\.$/);
  });

  it('says news is unavailable when it cannot be loaded, and only logs why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      '/api/news/official': () => json({ message: 'Feed store offline' }, 404),
      '/api/stiri-rf': () => json({ message: 'Feed store offline' }, 404),
    });
    renderWithApp(<LatestNews />, { queryClient: createQueryClient() });
    expect(await screen.findByText('News is unavailable right now.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Formula 1' })).toBeNull();
    expect(screen.queryByText(/Feed store offline/)).toBeNull();
    expect(logged).toHaveBeenCalledWith('Could not load ["news","official"]:', 'Feed store offline');
    expect(logged).toHaveBeenCalledWith('Could not load ["news","racefans"]:', 'Feed store offline');
  });

  it('keeps one list when only the other fails', async () => {
    mockApi({
      '/api/news/official': () => json({ items: [official(1)] }),
      '/api/stiri-rf': () => json({ message: 'Internal server error' }, 500),
    });
    renderWithApp(<LatestNews />);
    expect(within(await officialSection()).getByRole('link')).toHaveTextContent('Official story 1');
    expect(await raceFansSection()).toHaveTextContent('RaceFans news is unavailable right now.');
  });
});

describe('the news cache', () => {
  const MINUTE = 60_000;
  const store = (key: string, value: unknown, minutesAgo: number) =>
    sessionStorage.setItem(key, JSON.stringify({ savedAt: Date.now() - minutesAgo * MINUTE, value }));

  it('shows lists saved in this visit less than 30 minutes ago without asking the server', async () => {
    store(sessionKeys.officialNews, { items: [official(1)] }, 29);
    store(sessionKeys.raceFansNews, [raceFans('A')], 29);
    const fetchMock = mockApi({});
    renderWithApp(<LatestNews />);
    expect(within(await officialSection()).getByRole('link')).toHaveTextContent('Official story 1');
    expect(await raceFansSection()).toHaveTextContent('RaceFans column A');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks again once the saved lists are 30 minutes old, and saves the answers', async () => {
    store(sessionKeys.officialNews, { items: [official(1)] }, 30);
    store(sessionKeys.raceFansNews, [raceFans('A')], 30);
    const fetchMock = mockApi({
      '/api/news/official': () => json({ items: [official(2)] }),
      '/api/stiri-rf': () => json([raceFans('B')]),
    });
    renderWithApp(<LatestNews />);
    expect(within(await officialSection()).getByRole('link')).toHaveTextContent('Official story 2');
    expect(await raceFansSection()).toHaveTextContent('RaceFans column B');
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual(['/api/news/official?limit=6', '/api/stiri-rf']);
    expect(JSON.parse(sessionStorage.getItem(sessionKeys.raceFansNews)!).value).toEqual([raceFans('B')]);
  });
});
