import { describe, expect, it } from 'vitest';
import { feedFixture as fixture } from '../../test/feedServer';
import { FeedParseError, parseFeedDocument } from './parse';

const FEED_URL = 'https://feeds.example.org/news/feed.xml';

describe('parseFeedDocument', () => {
  it('reads an RSS 2.0 feed: dc:creator, categories, plain-text description, media:content image', () => {
    const { entries, skipped } = parseFeedDocument(fixture('racefans.rss.xml'), FEED_URL);
    expect(skipped).toBe(0);
    expect(entries[0]).toEqual({
      key: 'https://www.racefans.net/?p=100001',
      title: 'Why McLaren’s upgrade worked & what comes next',
      author: 'Keith Collantine',
      publishedAt: new Date('2025-07-06T18:30:00Z'),
      description: "McLaren’s new floor was worth two tenths. The post Why McLaren's upgrade worked appeared first on RaceFans.",
      categories: ['Formula 1', 'McLaren'],
      link: 'https://www.racefans.net/2025/07/06/why-mclarens-upgrade-worked/',
      imageUrl: 'https://www.racefans.net/wp-content/uploads/2025/07/mclaren.jpg',
    });
    expect(entries[1]?.imageUrl).toBe('https://www.racefans.net/wp-content/uploads/2025/07/rain.jpg');
  });

  it('takes an image enclosure as the image', () => {
    const { entries } = parseFeedDocument(fixture('official.rss.xml'), FEED_URL);
    expect(entries).toHaveLength(8);
    expect(entries.find((entry) => entry.key === 'f1-article-1')).toMatchObject({
      title: 'Verstappen takes pole at Silverstone',
      imageUrl: 'https://media.formula1.com/image/story-1.jpg',
      publishedAt: new Date('2025-07-08T10:00:00Z'),
    });
  });

  it('reads an Atom feed: alternate link resolved, HTML title and summary as text, feed author as fallback', () => {
    const { entries } = parseFeedDocument(fixture('news.atom.xml'), FEED_URL);
    expect(entries).toEqual([
      {
        key: 'tag:paddock.example.org,2025:quali-shock',
        title: 'Quali shock for the champion',
        author: 'Ann Writer',
        publishedAt: new Date('2025-07-04T10:00:00Z'),
        description: 'A surprise in Q3.',
        categories: ['Qualifying', 'silverstone'],
        link: 'https://feeds.example.org/2025/quali-shock',
        imageUrl: 'https://paddock.example.org/img/quali.png',
      },
      {
        key: 'tag:paddock.example.org,2025:round-up',
        title: 'Paddock round-up',
        author: 'Paddock desk',
        publishedAt: new Date('2025-07-03T08:00:00Z'),
        description: 'All the news in one place.',
        categories: [],
        link: 'https://paddock.example.org/2025/round-up',
        imageUrl: null,
      },
    ]);
  });

  it('fills what is missing (author "Unknown", no date) and leaves out what cannot be shown', () => {
    const { entries, skipped } = parseFeedDocument(fixture('missing-fields.rss.xml'), FEED_URL);
    expect(entries.map((entry) => [entry.title, entry.author, entry.publishedAt, entry.link])).toEqual([
      ['No author, no date, no description', 'Unknown', null, 'https://feeds.example.org/news/bare'],
      ['Only a permalink guid', 'Unknown', null, 'https://sparse.example.org/news/guid-only'],
      ['A date nobody can read', 'Unknown', null, 'https://sparse.example.org/news/bad-date'],
    ]);
    // The untitled item, the javascript: link and the repeated guid.
    expect(skipped).toBe(3);
    expect(entries[0]).toMatchObject({ description: '', categories: [], imageUrl: null });
  });

  it('reduces markup and scripts in every text field to plain text and drops unsafe URLs', () => {
    const { entries } = parseFeedDocument(fixture('injection.rss.xml'), FEED_URL);
    expect(entries).toEqual([
      {
        key: 'https://hostile.example.org/a',
        title: 'Safe bold title',
        author: 'Eve',
        publishedAt: null,
        description: 'Hello world',
        categories: ['Tech'],
        link: 'https://hostile.example.org/a',
        imageUrl: null,
      },
    ]);
  });

  it('refuses malformed XML as a whole', () => {
    expect(() => parseFeedDocument(fixture('malformed.rss.xml'), FEED_URL)).toThrow(FeedParseError);
    expect(() => parseFeedDocument(fixture('malformed.rss.xml'), FEED_URL)).toThrow(/^malformed XML: .*closing tag.*\(line 10\)$/);
    expect(() => parseFeedDocument('<rss><channel><title>AT&T</title></channel></rss>', FEED_URL)).toThrow(/malformed XML/);
  });

  it('refuses well-formed XML that is not an RSS or Atom feed', () => {
    expect(() => parseFeedDocument('<?xml version="1.0"?><html><body>Moved</body></html>', FEED_URL)).toThrow(
      /^not an RSS or Atom feed/,
    );
    const rdf =
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">' +
      '<channel><title>x</title><link>https://x.example/</link></channel></rdf:RDF>';
    expect(() => parseFeedDocument(rdf, FEED_URL)).toThrow('not an RSS or Atom feed: RDF is not read');
  });

  it('reads a valid feed without items as no entries', () => {
    const empty = '<rss version="2.0"><channel><title>Quiet</title><link>https://q.example/</link><description>-</description></channel></rss>';
    expect(parseFeedDocument(empty, FEED_URL)).toEqual({ entries: [], skipped: 0 });
  });
});
