import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resultsUpdatedEvent } from '@slipstream/contract';
import { buildTestApp, type TestApp } from '../../test/app';

/** An event stream read the way a browser reads it: text arriving in chunks until the server ends it. */
type Stream = {
  response: http.IncomingMessage;
  /** Resolves with the text so far once it matches, counting from the given offset. */
  waitFor(pattern: RegExp, from?: number): Promise<string>;
  readonly text: string;
  ended: Promise<void>;
  close(): void;
};

const openStreams: Stream[] = [];
afterEach(() => {
  for (const stream of openStreams.splice(0)) stream.close();
});

function openStream(baseUrl: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/live/events`, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      response.setEncoding('utf8');
      let text = '';
      const waiters = new Set<() => void>();
      response.on('data', (chunk: string) => {
        text += chunk;
        for (const check of [...waiters]) check();
      });
      const ended = new Promise<void>((done) => response.on('end', done));
      const stream: Stream = {
        response,
        get text() {
          return text;
        },
        waitFor: (pattern, from = 0) =>
          new Promise((found) => {
            const check = () => {
              if (!pattern.test(text.slice(from))) return;
              waiters.delete(check);
              found(text);
            };
            waiters.add(check);
            check();
          }),
        ended,
        close: () => request.destroy(),
      };
      openStreams.push(stream);
      resolve(stream);
    });
    request.on('error', reject);
  });
}

/** The frames of an SSE text: blank-line separated blocks of "field: value" lines. */
function frames(text: string): Record<string, string>[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()])));
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const publish = (t: TestApp, version: string | null = null) =>
  t.app.inject({ method: 'POST', url: '/api/test/live/results-updated', payload: { version } });

describe('the live event stream', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ config: { testHooks: true, liveHeartbeatMs: 50 } });
    baseUrl = await listen(t);
  });
  afterAll(() => t.close());

  it('is an uncompressed, uncached text/event-stream that tells the browser how soon to reconnect', async () => {
    const stream = await openStream(baseUrl, { 'accept-encoding': 'gzip, br' });
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.response.headers['content-encoding']).toBeUndefined();
    expect(await stream.waitFor(/^retry: \d+\n\n/)).toMatch(/^retry: 5000\n\n/);
  });

  it('pushes a published results-updated event to every open page', async () => {
    const pages = [await openStream(baseUrl), await openStream(baseUrl)];
    await Promise.all(pages.map((page) => page.waitFor(/^retry:/)));
    const published = await publish(t, 'v-test');
    expect(published.statusCode).toBe(202);
    const { id } = published.json<{ id: string }>();

    for (const page of pages) {
      await page.waitFor(/event: results-updated\n/);
      const frame = frames(page.text).find((f) => f.event === 'results-updated')!;
      expect(frame.id).toBe(id);
      const data = resultsUpdatedEvent.parse(JSON.parse(frame.data!));
      expect(data).toMatchObject({ source: 'test', version: 'v-test' });
    }
  });

  it('sends heartbeat comments while nothing happens', async () => {
    const stream = await openStream(baseUrl);
    await stream.waitFor(/\n: heartbeat\n\n: heartbeat\n\n/);
    expect(frames(stream.text).some((frame) => 'event' in frame)).toBe(false);
  });

  it('replays what a reconnecting page missed since its Last-Event-ID', async () => {
    const page = await openStream(baseUrl);
    await page.waitFor(/^retry:/);
    const seen = (await publish(t, 'seen')).json<{ id: string }>().id;
    await page.waitFor(/event: results-updated/);
    page.close();
    const missed = (await publish(t, 'missed')).json<{ id: string }>().id;

    const back = await openStream(baseUrl, { 'last-event-id': seen });
    await back.waitFor(/event: results-updated/);
    const replayed = frames(back.text).filter((frame) => frame.event === 'results-updated');
    expect(replayed.map((frame) => frame.id)).toEqual([missed]);
    expect(JSON.parse(replayed[0]!.data!)).toMatchObject({ version: 'missed' });
  });

  it('asks a page with an unknown Last-Event-ID (another run, long gone) to refetch', async () => {
    const back = await openStream(baseUrl, { 'last-event-id': 'abc-7' });
    expect(await back.waitFor(/event: resync\n/)).toContain('data: {}');
  });

  it('refuses an absurd Last-Event-ID with a 400', async () => {
    const response = await t.app.inject({ url: '/api/live/events', headers: { 'last-event-id': 'x'.repeat(500) } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid last-event-id/);
  });
});

describe('the caps on open streams', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ config: { liveStreams: { perAddress: 2, total: 3 } } });
    baseUrl = await listen(t);
  });
  afterAll(() => t.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const refusal = async (address: string) => {
    const response = await fetch(`${baseUrl}/api/live/events`, { headers: from(address) });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
  };

  it('refuses a stream past the cap per address with 429 and past the total with 503, and takes one again when a stream closes', async () => {
    const first = [await openStream(baseUrl, from('192.0.2.1')), await openStream(baseUrl, from('192.0.2.1'))];
    await Promise.all(first.map((stream) => stream.waitFor(/^retry:/)));
    expect(await refusal('192.0.2.1')).toEqual({
      status: 429,
      retryAfter: '5',
      body: { message: 'Too many open event streams from your address (at most 2). Close some pages and try again.' },
    });
    // An IPv6 client counts by its /64, as the other per-address limits do.
    const ipv6 = await openStream(baseUrl, from('2001:db8:7::1'));
    await ipv6.waitFor(/^retry:/);
    expect(await refusal('2001:db8:7::2')).toMatchObject({ status: 503, retryAfter: '5', body: { message: 'The server has too many open event streams; try again shortly' } });
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);

    ipv6.close();
    await vi.waitFor(async () => {
      const again = await openStream(baseUrl, from('2001:db8:7::2'));
      expect(again.response.statusCode).toBe(200);
    });
  });

  it('answers HEAD with the headers of a stream, without opening one', async () => {
    const head = await fetch(`${baseUrl}/api/live/events`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(head.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(await head.text()).toBe('');
  });
});

describe('closing the server', () => {
  it('ends open streams, so app.close() does not wait for pages that stay open', async () => {
    const t = await buildTestApp();
    const baseUrl = await listen(t);
    const pages = [await openStream(baseUrl), await openStream(baseUrl)];
    await Promise.all(pages.map((page) => page.waitFor(/^retry:/)));
    await t.close();
    await Promise.all(pages.map((page) => page.ended));
  });
});

describe('the test hook', () => {
  it('does not exist without test hooks', async () => {
    const t = await buildTestApp();
    try {
      expect((await publish(t)).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
