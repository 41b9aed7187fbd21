import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startArchiveStandIn, type ArchiveStandIn } from '../../test/livetimingArchive';
import { createArchiveClient, LiveTimingMalformed, LiveTimingUnavailable, readArchiveJson, readTopic, readTopicStream } from './archive';

const sprint = '2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/';

describe('the archive client, against the stand-in archive', () => {
  let archive: ArchiveStandIn;
  beforeAll(async () => {
    archive = await startArchiveStandIn();
  });
  afterAll(() => archive.close());
  beforeEach(() => {
    archive.release('');
    archive.release(sprint);
  });

  it('reads a file as text without its byte-order mark, and says when the archive has none', async () => {
    const client = createArchiveClient({ baseUrl: `${archive.url}/` });
    const text = await client.text(`${sprint}SessionStatus.jsonStream`);
    expect(text?.startsWith('00:00:07.726{"Status":"Inactive"}')).toBe(true);
    expect(await client.text(`${sprint}SessionStatus.json`)).toBeUndefined();
    expect(await client.has(`${sprint}TimingData.jsonStream`)).toBe(true);
    expect(await client.has('2025/Index.json')).toBe(false);
  });

  it('gives a topic’s final state from its .json when there is one, else from every line of its .jsonStream', async () => {
    const client = createArchiveClient({ baseUrl: archive.url });
    expect(await readTopic(client, sprint, 'SessionStatus')).toEqual({ Status: 'Ends' });
    archive.set(`${sprint}SessionStatus.json`, { body: '{"Status":"Finalised"}' });
    expect(await readTopic(client, sprint, 'SessionStatus')).toEqual({ Status: 'Finalised' });
    expect(await readTopic(client, sprint, 'WeatherData')).toBeUndefined();
  });

  it('throws LiveTimingUnavailable on an HTTP error, naming the address and the status', async () => {
    archive.set(sprint, { status: 500 });
    const client = createArchiveClient({ baseUrl: archive.url });
    const failure = client.text(`${sprint}TimingData.jsonStream`);
    await expect(failure).rejects.toBeInstanceOf(LiveTimingUnavailable);
    await expect(failure).rejects.toThrow(`${archive.url}/static/${sprint}TimingData.jsonStream): HTTP 500`);
  });

  it('throws LiveTimingUnavailable when the archive does not answer in time', async () => {
    archive.set(sprint, { hang: true });
    const client = createArchiveClient({ baseUrl: archive.url, timeoutMs: 200 });
    await expect(client.text(`${sprint}TimingData.jsonStream`)).rejects.toThrow(/unavailable .*no answer within 200 ms/);
    await expect(client.has(`${sprint}SessionInfo.jsonStream`)).rejects.toBeInstanceOf(LiveTimingUnavailable);
  });

  it('throws LiveTimingUnavailable when nothing listens', async () => {
    const closed = await startArchiveStandIn();
    await closed.close();
    await expect(createArchiveClient({ baseUrl: closed.url }).text('2025/Index.json')).rejects.toThrow(/unavailable .*ECONNREFUSED/);
  });

  it('refuses a file larger than the cap, and a file that is not what it should be, with LiveTimingMalformed', async () => {
    const small = createArchiveClient({ baseUrl: archive.url, maxBytes: 1000 });
    await expect(small.text(`${sprint}TimingData.jsonStream`)).rejects.toThrow(/malformed .*larger than 1000 bytes: refused/);
    const client = createArchiveClient({ baseUrl: archive.url });
    archive.set('2025/Index.json', { body: '<html>maintenance</html>' });
    await expect(readArchiveJson(client, '2025/Index.json')).rejects.toBeInstanceOf(LiveTimingMalformed);
    archive.set(`${sprint}LapCount.jsonStream`, { body: 'garbage\nmore garbage\n' });
    await expect(readTopicStream(client, sprint, 'LapCount')).rejects.toThrow(/no readable line \(line 1: no HH:MM:SS.mmm time/);
    archive.release('2025/Index.json');
    archive.release(`${sprint}LapCount.jsonStream`);
  });

  it('reports a stream’s unreadable lines and keeps the others', async () => {
    archive.set(`${sprint}LapCount.jsonStream`, { body: '00:01:17.547{"CurrentLap":1,"TotalLaps":19}\n00:49:42.053{"TotalLaps":\n' });
    const stream = await readTopicStream(createArchiveClient({ baseUrl: archive.url }), sprint, 'LapCount');
    expect(stream?.messages).toEqual([{ offsetMs: 77_547, delta: { CurrentLap: 1, TotalLaps: 19 } }]);
    expect(stream?.problems).toEqual([expect.stringMatching(/^LapCount.jsonStream line 2: not JSON/)]);
    archive.release(`${sprint}LapCount.jsonStream`);
  });

  it('never asks for a path outside static/', async () => {
    const client = createArchiveClient({ baseUrl: archive.url });
    await expect(client.text('../../etc/passwd')).rejects.toThrow(/Not an archive path/);
    await expect(client.text('/2025/Index.json')).rejects.toThrow(/Not an archive path/);
  });

  it('serves only the recordings: an encoded "..", or any path leaving the folder, is not found', async () => {
    const get = (rawPath: string) =>
      new Promise<number>((resolve, reject) => {
        const port = new URL(archive.url).port;
        http
          .get({ host: '127.0.0.1', port, path: rawPath }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          })
          .on('error', reject);
      });
    expect(await get('/static/..%2FREADME.md')).toBe(404);
    expect(await get('/static/%2E%2E/README.md')).toBe(404);
    expect(await get('/static/../README.md')).toBe(404);
    expect(await get(`/static/${sprint}SessionInfo.jsonStream`)).toBe(200);
  });
});
