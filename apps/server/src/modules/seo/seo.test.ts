import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { sql } from 'drizzle-orm';
import { buildTestApp } from '../../test/app';
import { openSeededDatabase } from '../../test/f1-seed';
import { escapeHtml } from '../../lib/html';
import { injectHead, renderHead, scriptSafeJson } from './head';
import { documentTitle } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { type PageName, PAGES, type SitePage } from '@slipstream/contract/pages';

/** The shape of the built index.html: a default title and description, the app's module. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Slipstream: the default description." />
    <title>Slipstream: unofficial Formula 1 fan site</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="app"></div></body>
</html>`;

/** A build manifest's shape (Vite): the entry loads start.js; the drivers screen needs its own file and lib.js. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_start.js'], css: ['assets/index.css'] },
  '_start.js': { file: 'assets/start.js' },
  '_lib.js': { file: 'assets/lib.js', css: ['assets/lib.css'] },
  'src/features/standings/DriversPage.tsx': { file: 'assets/DriversPage-1.js', imports: ['index.html', '_start.js', '_lib.js'], css: ['assets/DriversPage.css'] },
};

const PUBLIC_URL = 'https://slipstream.example';
/** The pages that name the featured season after their registry title. */
const SEASON_PAGES = ['schedule', 'teams', 'drivers'];
// The featured season is 2025 (the next race by the clock is Japan 2025).
const NOW = '2025-03-25T00:00:00Z';

let database: Database;
let webDistDir: string;
beforeAll(async () => {
  database = await openSeededDatabase();
  webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-web-'));
  fs.writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(webDistDir, '.vite'));
  fs.writeFileSync(path.join(webDistDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
});
afterAll(async () => {
  await database.close();
  fs.rmSync(webDistDir, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}, config: { webSsrDir?: string } = {}) {
  const t = await buildTestApp({ now: NOW, database, config: { publicUrl: PUBLIC_URL, webDistDir, ...config } });
  try {
    return await t.app.inject({ url, headers });
  } finally {
    await t.close();
  }
}

/** The head of a served page: its title, its meta tags by name or property, its links and JSON-LD blocks. */
function readHead(html: string) {
  const document = parseDocument(html);
  const elements: { name: string; attribs: Record<string, string>; text: string }[] = [];
  const walk = (node: unknown) => {
    const element = node as { type: string; name: string; attribs: Record<string, string>; children?: unknown[] };
    if (element.type === 'tag' || element.type === 'script') {
      const text = (element.children ?? []).map((c) => (c as { data?: string }).data ?? '').join('');
      elements.push({ name: element.name, attribs: element.attribs, text });
    }
    element.children?.forEach(walk);
  };
  walk(document);
  const meta = (key: string) =>
    elements.filter((e) => e.name === 'meta' && (e.attribs.name === key || e.attribs.property === key)).map((e) => e.attribs.content);
  return {
    titles: elements.filter((e) => e.name === 'title').map((e) => e.text),
    meta,
    canonical: elements.filter((e) => e.name === 'link' && e.attribs.rel === 'canonical').map((e) => e.attribs.href),
    jsonLd: elements.filter((e) => e.name === 'script' && e.attribs.type === 'application/ld+json').map((e) => JSON.parse(e.text) as Record<string, unknown>),
    scripts: elements.filter((e) => e.name === 'script' && e.attribs.src).map((e) => e.attribs.src),
    links: (rel: string) => elements.filter((e) => e.name === 'link' && e.attribs.rel === rel).map((e) => e.attribs.href),
    pageStates: elements.filter((e) => e.name === 'script' && e.attribs.id === 'page-state').map((e) => JSON.parse(e.text) as StandInState),
  };
}

describe('GET /robots.txt', () => {
  it('keeps admin, account pages and the API out and points to the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/update-teams', '/test', '/profile', '/update-profile', '/login', '/signup', '/forgot-password', '/confirm', '/auth-action', '/api/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // One rule for the admin pages.
    expect(lines).not.toContain('Disallow: /admin/test');
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    const listed = Object.values<SitePage>(PAGES).filter((page) => page.sitemap && !page.path.includes(':'));
    expect(listed.filter((page) => disallowed.some((rule) => page.path.startsWith(rule)))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('is valid XML listing every meeting, the featured season’s drivers and every results year, no admin page', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(response.body) as {
      urlset: { '@_xmlns': string; url: { loc: string }[] };
    };
    expect(parsed.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = parsed.urlset.url.map((u) => u.loc);
    expect(locs).toContain(`${PUBLIC_URL}/`);
    expect(locs).toContain(`${PUBLIC_URL}/schedule`);
    expect(locs).toContain(`${PUBLIC_URL}/schedule/2025/chinese-grand-prix`);
    expect(locs).toContain(`${PUBLIC_URL}/schedule/2024/bahrain-grand-prix`);
    expect(locs).toContain(`${PUBLIC_URL}/drivers/VER`);
    expect(locs).toContain(`${PUBLIC_URL}/race-results/2025`);
    expect(locs).toContain(`${PUBLIC_URL}/qualifying-results/2014`);
    expect(locs).not.toContain(`${PUBLIC_URL}/race-results/2013`);
    expect(locs.filter((loc) => /\/(admin|test|update-teams|profile|login|signup|api)\b/.test(loc))).toEqual([]);
    expect(new Set(locs).size).toBe(locs.length);
  });
});

describe('the page head written into index.html', () => {
  it('gives a meeting page its title, description, canonical, Open Graph tags and a SportsEvent', async () => {
    const response = await get('/schedule/2025/chinese-grand-prix?utm_source=x');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const head = readHead(response.body);
    expect(head.titles).toEqual(['Chinese Grand Prix 2025 · Slipstream']);
    const [description] = head.meta('description');
    expect(head.meta('description')).toHaveLength(1);
    expect(description).toBe(
      'Round 2 of the 2025 Formula 1 season at the Shanghai International Circuit, Shanghai, China, race on Sunday 23 March 2025: every session in your local time, the circuit and the results.',
    );
    const canonical = `${PUBLIC_URL}/schedule/2025/chinese-grand-prix`;
    expect(head.canonical).toEqual([canonical]);
    expect(head.meta('og:url')).toEqual([canonical]);
    expect(head.meta('og:title')).toEqual(['Chinese Grand Prix 2025']);
    expect(head.meta('og:description')).toEqual([description]);
    expect(head.meta('og:type')).toEqual(['website']);
    expect(head.meta('robots')).toEqual([]);
    // The app's own scripts stay.
    expect(head.scripts).toEqual(['/assets/index-abc.js']);

    expect(head.jsonLd).toHaveLength(1);
    const event = head.jsonLd[0]!;
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      name: 'Chinese Grand Prix 2025',
      startDate: '2025-03-21T03:30:00.000Z',
      endDate: '2025-03-23T09:00:00.000Z',
      url: canonical,
      location: {
        '@type': 'Place',
        name: 'Shanghai International Circuit',
        address: { '@type': 'PostalAddress', addressLocality: 'Shanghai', addressCountry: 'CN' },
        geo: { '@type': 'GeoCoordinates', latitude: 31.338889, longitude: 121.219722 },
      },
    });
    expect(event.subEvent).toContainEqual({
      '@type': 'SportsEvent',
      name: 'Chinese Grand Prix 2025: Race',
      startDate: '2025-03-23T07:00:00.000Z',
      endDate: '2025-03-23T09:00:00.000Z',
    });
  });

  it('lists the season’s race weekends on the schedule page', async () => {
    const head = readHead((await get('/schedule/')).body);
    expect(head.titles).toEqual(['Schedule 2025 · Slipstream']);
    expect(head.canonical).toEqual([`${PUBLIC_URL}/schedule`]);
    const graph = head.jsonLd[0]!['@graph'] as { '@type': string; name: string }[];
    expect(graph.map((e) => [e['@type'], e.name])).toEqual([
      ['SportsEvent', 'Australian Grand Prix 2025'],
      ['SportsEvent', 'Chinese Grand Prix 2025'],
      ['SportsEvent', 'Japanese Grand Prix 2025'],
    ]);
  });

  it('serves the schedule of a featured season not in the data yet, without structured data', async () => {
    const t = await buildTestApp({ now: NOW, database, config: { publicUrl: PUBLIC_URL, webDistDir, seasonOverride: 2026 } });
    try {
      const response = await t.app.inject({ url: '/schedule' });
      expect(response.statusCode).toBe(200);
      const head = readHead(response.body);
      expect(head.titles).toEqual(['Schedule 2026 · Slipstream']);
      expect(head.jsonLd).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('names a driver and a results year, with canonical addresses', async () => {
    const driver = readHead((await get('/drivers/ver')).body);
    expect(driver.titles).toEqual(['Max Verstappen · Slipstream']);
    expect(driver.canonical).toEqual([`${PUBLIC_URL}/drivers/VER`]);
    expect(driver.jsonLd[0]).toMatchObject({ '@type': 'Person', name: 'Max Verstappen' });
    const results = readHead((await get('/race-results/2024')).body);
    expect(results.titles).toEqual(['Race results 2024 · Slipstream']);
    expect(results.canonical).toEqual([`${PUBLIC_URL}/race-results/2024`]);
  });

  it('writes the page registry’s head for every page without parameters, keeping account and admin pages out of search results', async () => {
    const t = await buildTestApp({ now: NOW, database, config: { publicUrl: PUBLIC_URL, webDistDir } });
    try {
      for (const [name, description] of Object.entries(PAGE_DESCRIPTIONS).filter(([name]) => name !== 'notFound')) {
        const page: SitePage = PAGES[name as PageName];
        const response = await t.app.inject({ url: page.path });
        const head = readHead(response.body);
        const written = {
          status: response.statusCode,
          title: head.titles,
          description: head.meta('description'),
          og: [head.meta('og:title'), head.meta('og:description'), head.meta('og:type')],
          robots: head.meta('robots'),
          canonical: head.canonical,
        };
        const title = SEASON_PAGES.includes(name) ? `${page.title} 2025` : page.title;
        expect({ name, ...written }).toEqual({
          name,
          status: 200,
          title: [documentTitle(title)],
          description: [description],
          og: [[title ?? documentTitle(undefined)], [description], [page.ogType ?? 'website']],
          ...(page.sitemap ? { robots: [], canonical: [`${PUBLIC_URL}${page.path}`] } : { robots: ['noindex'], canonical: [] }),
        });
      }
    } finally {
      await t.close();
    }
  });

  it('answers 404 with noindex for an unknown route, meeting, driver or results year', async () => {
    for (const url of ['/no-such-page', '/schedule/2025/atlantis-grand-prix', '/schedule/1890/x', '/drivers/ZZZ', '/race-results/2013', '/drivers/:id']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      const head = readHead(response.body);
      expect(head.titles).toEqual(['Page not found · Slipstream']);
      expect(head.meta('robots')).toEqual(['noindex']);
      expect(head.scripts).toContain('/assets/index-abc.js');
    }
  });
});

describe('what a page carries so the app starts sooner', () => {
  it('names a landing page’s screen code and styles for preloading, beyond what the entry loads', async () => {
    const page = (await get('/drivers')).body;
    const drivers = readHead(page);
    expect(drivers.links('modulepreload')).toEqual(['/assets/DriversPage-1.js', '/assets/lib.js']);
    // The screen's own file is marked: the app waits for it before its first render.
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/DriversPage-1.js" data-screen>');
    expect(drivers.links('stylesheet')).toEqual(['/assets/DriversPage.css', '/assets/lib.css']);
    const info = readHead((await get('/info')).body);
    expect(info.links('modulepreload')).toEqual([]);
  });

  it('is sent in dark mode for a visitor who chose it', async () => {
    expect((await get('/drivers', { cookie: 'darkMode=true' })).body).toMatch(/<html lang="en" class="darkmode">/);
    expect((await get('/drivers', { cookie: 'darkMode=false' })).body).toMatch(/<html lang="en">/);
  });

  it("follows the system's dark preference on a first visit, asking for the hint, and the visitor's choice after", async () => {
    const first = await get('/drivers');
    expect(first.headers).toMatchObject({ 'accept-ch': 'Sec-CH-Prefers-Color-Scheme' });
    expect(first.headers).not.toHaveProperty('critical-ch');
    expect(first.body).toMatch(/<html lang="en">/);
    expect((await get('/drivers', { 'sec-ch-prefers-color-scheme': 'dark' })).body).toMatch(/<html lang="en" class="darkmode">/);
    expect((await get('/drivers', { 'sec-ch-prefers-color-scheme': 'dark', cookie: 'darkMode=false' })).body).toMatch(/<html lang="en">/);
    expect((await get('/drivers', { 'sec-ch-prefers-color-scheme': 'light', cookie: 'darkMode=true' })).body).toMatch(/<html lang="en" class="darkmode">/);
  });

  it('is sent compressed as the browser accepts', async () => {
    const brotli = await get('/schedule', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('cookie, sec-ch-prefers-color-scheme, accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe((await get('/schedule')).body);
    const gzip = await get('/schedule', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('<div id="app">');
  });

  it('tells the app there is no session to restore when the session cookie is absent, and only then', async () => {
    expect(readHead((await get('/')).body).meta('slipstream-session')).toEqual(['none']);
    expect(readHead((await get('/', { cookie: 'slipstream_session=1' })).body).meta('slipstream-session')).toEqual([]);
    expect((await get('/')).headers.vary).toBe('cookie, sec-ch-prefers-color-scheme, accept-encoding');
  });
});

/**
 * A stand-in for the web app's server build (apps/web/src/entry-server.tsx): it reads the endpoints its table names
 * for a page through the server's reader, gives them as the page's state by their URLs, renders a line saying what
 * it was asked for, and fails to render the teams page. It counts its renderings in a comment.
 */
const ENTRY_SERVER = `const SHELL = [['meta', {}, {}, '/api/meta'], ['nextMeeting', {}, {}, '/api/get-next']];
const READS = {
  '/drivers': [['drivers', {}, { order: 'asc' }, '/api/drivers?order=asc']],
  '/schedule/2025/no-such-grand-prix': [['meeting', { year: 2025, slug: 'no-such-grand-prix' }, {}, '/api/seasons/2025/meetings/no-such-grand-prix']],
  '/login': [['time', {}, {}, '/api/time']],
  '/schedule': Array(100).fill(['seasonSchedule', { year: 2025 }, {}, '/api/seasons/2025/meetings']),
};
const RENDERED = ['/drivers', '/teams', '/schedule'];
let renderings = 0;
export async function preparePage({ url, now, readEndpoint }) {
  const reads = [...SHELL, ...(READS[url] ?? [])];
  const answers = await Promise.all(reads.map(async ([name, params, query, apiPath]) => [apiPath, await readEndpoint(name, params, query)]));
  const queries = answers.filter(([, data]) => data !== undefined).map(([apiPath, data]) => ({ meta: { apiPath }, state: { data } }));
  const render = (visitor) => {
    if (url === '/teams') throw new Error('this page cannot be rendered');
    renderings += 1;
    return '<p>' + [url, now, visitor.timeZone, visitor.darkMode ? 'dark' : 'light', ...queries.map((q) => q.meta.apiPath)].join(' ') + '</p><!--' + renderings + '-->';
  };
  return { state: { queries, mutations: [] }, render: RENDERED.includes(url) ? render : undefined };
}`;

type StandInState = { queries: { meta: { apiPath: string }; state: { data: unknown } }[] };

describe('pages rendered on the server', () => {
  let webSsrDir: string;
  beforeAll(() => {
    webSsrDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-ssr-'));
    fs.writeFileSync(path.join(webSsrDir, 'entry-server.js'), ENTRY_SERVER);
  });
  afterAll(() => fs.rmSync(webSsrDir, { recursive: true, force: true }));
  const rendered = (url: string, headers: Record<string, string> = {}) => get(url, headers, { webSsrDir });
  const appOf = (html: string) => /<div id="app">(.*)<\/div>/s.exec(html)?.[1];
  const carried = (html: string) => readHead(html).pageStates.flatMap((state) => state.queries.map((query) => query.meta.apiPath));

  it('sends a page rendered from its first reads, and its scripts to load after the first paint', async () => {
    const page = (await rendered('/drivers')).body;
    expect(appOf(page)).toMatch(`<p>/drivers ${Date.parse(NOW)} UTC light /api/meta /api/get-next /api/drivers?order=asc</p>`);
    const head = readHead(page);
    expect(head.meta('slipstream-rendered-at')).toEqual([String(Date.parse(NOW))]);
    expect(head.meta('slipstream-time-zone')).toEqual(['UTC']);
    // The entry is not in the page: boot.js loads it, with the screen's code, once the page is painted.
    expect(head.scripts).toEqual(['/boot.js']);
    expect(head.links('modulepreload')).toEqual([]);
    expect(head.links('stylesheet')).toEqual(['/assets/DriversPage.css', '/assets/lib.css']);
    const scripts = /<script type="application\/json" id="app-scripts">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(scripts!)).toEqual({ entry: '/assets/index-abc.js', preloads: ['/assets/DriversPage-1.js', '/assets/lib.js'] });
    expect(head.pageStates).toHaveLength(1);
  });

  it('carries the first reads as the API answers them, for every page and visitor', async () => {
    for (const headers of [{}, { cookie: 'slipstream_session=1' }] as Record<string, string>[]) {
      const [state] = readHead((await rendered('/drivers', headers)).body).pageStates;
      expect(state!.queries.map((query) => query.meta.apiPath)).toEqual(['/api/meta', '/api/get-next', '/api/drivers?order=asc']);
      for (const { meta, state: answer } of state!.queries) expect(answer.data).toEqual((await get(meta.apiPath)).json());
    }
    expect(carried((await rendered('/info')).body)).toEqual(['/api/meta', '/api/get-next']);
  });

  it('leaves out what is not a shared answer: an unknown meeting’s 404, a no-store answer', async () => {
    expect(carried((await rendered('/schedule/2025/no-such-grand-prix')).body)).toEqual(['/api/meta', '/api/get-next']);
    expect(carried((await rendered('/login')).body)).toEqual(['/api/meta', '/api/get-next']);
  });

  it('carries up to 256 kB of answers', async () => {
    const [state] = readHead((await rendered('/schedule')).body).pageStates;
    const size = state!.queries.reduce((bytes, query) => bytes + JSON.stringify(query.state.data).length, 0);
    expect(size).toBeLessThanOrEqual(256 * 1024);
    expect(size).toBeGreaterThan(200 * 1024);
    expect(state!.queries.length).toBeLessThan(102);
  });

  it('renders in the visitor’s theme and time zone from their cookies; a zone that is not one is UTC', async () => {
    expect(appOf((await rendered('/drivers', { cookie: 'darkMode=true; timeZone=Europe%2FBucharest' })).body)).toContain(' Europe/Bucharest dark ');
    for (const zone of ['Mars%2FOlympus', '%3Cscript%3E']) {
      const page = (await rendered('/drivers', { cookie: `timeZone=${zone}` })).body;
      expect(readHead(page).meta('slipstream-time-zone')).toEqual(['UTC']);
      expect(page).not.toContain('<script>');
    }
  });

  it('renders a page once for the visitors of the same kind in the same second, anew after a write', async () => {
    const t = await buildTestApp({ now: NOW, database, config: { publicUrl: PUBLIC_URL, webDistDir, webSsrDir } });
    try {
      const rendering = async (cookie = '') => appOf((await t.app.inject({ url: '/drivers', headers: { cookie } })).body);
      const first = await rendering();
      expect(await rendering()).toBe(first);
      expect(await rendering('darkMode=true')).not.toBe(first);
      await database.db.execute(sql`update drivers set name = name where id = 'lando-norris'`);
      expect(await rendering()).not.toBe(first);
    } finally {
      await t.close();
    }
  });

  it('leaves the rendering to the browser for a visitor with a session and for pages without first reads', async () => {
    for (const [url, headers] of [['/drivers', { cookie: 'slipstream_session=1' }], ['/info', {}]] as const) {
      const page = (await rendered(url, headers)).body;
      expect(appOf(page)).toBe('');
      expect(readHead(page).scripts).toEqual(['/assets/index-abc.js']);
    }
  });

  it('sends the page unrendered, with the app to render it, when rendering fails or the server build is missing', async () => {
    const failed = await rendered('/teams');
    expect(failed.statusCode).toBe(200);
    expect(appOf(failed.body)).toBe('');
    expect(readHead(failed.body).scripts).toEqual(['/assets/index-abc.js']);
    expect(carried(failed.body)).toEqual(['/api/meta', '/api/get-next']);
    const withoutBuild = (await get('/drivers')).body;
    expect(appOf(withoutBuild)).toBe('');
    expect(readHead(withoutBuild).pageStates).toEqual([]);
  });
});

describe('escaping', () => {
  it('escapes every value in attributes and text, and keeps JSON-LD from closing its script', () => {
    const hostile = `</script><script>alert("x")</script> & 'quotes'`;
    const html = renderHead(
      { title: hostile, description: hostile, canonicalPath: '/a"b', status: 200, ogType: 'website', jsonLd: { name: hostile } },
      PUBLIC_URL,
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('</script><');
    const head = readHead(injectHead(INDEX_HTML, html));
    expect(head.titles).toEqual([`${hostile} · Slipstream`]);
    expect(head.meta('description')).toEqual([hostile]);
    expect(head.canonical).toEqual([`${PUBLIC_URL}/a"b`]);
    expect(head.jsonLd).toEqual([{ name: hostile }]);
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(JSON.parse(scriptSafeJson({ text: '<!-- \u2028 -->' }))).toEqual({ text: '<!-- \u2028 -->' });
  });
});
