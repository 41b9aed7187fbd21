import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArchiveStandIn, type ArchiveStandIn } from './livetimingArchive';

const status = '2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/SessionStatus.jsonStream';

describe('the stand-in archive’s control API, for a run in another process', () => {
  let archive: ArchiveStandIn;
  beforeAll(async () => {
    archive = await startArchiveStandIn({ control: true });
  });
  afterAll(() => archive.close());

  const control = (method: 'PUT' | 'DELETE', body: string) => fetch(`${archive.url}/control`, { method, body }).then((response) => response.status);
  const read = () => fetch(`${archive.url}/static/${status}`).then(async (response) => (response.ok ? await response.text() : response.status));

  it('hides a session, serves it up to a moment, and serves it whole again', async () => {
    expect(await control('PUT', JSON.stringify({ prefix: '2025/2025-05-04_Miami_Grand_Prix/', rule: { hidden: true } }))).toBe(204);
    expect(await read()).toBe(404);
    expect(await control('PUT', JSON.stringify({ prefix: '2025/2025-05-04_Miami_Grand_Prix/', rule: { upToMs: 5_000_000 } }))).toBe(204);
    expect(String(await read()).trim().split(/\r?\n/)).toEqual(['00:00:07.726{"Status":"Inactive"}', '01:10:45.523{"Status":"Started"}']);
    expect(await control('DELETE', JSON.stringify({ prefix: '2025/2025-05-04_Miami_Grand_Prix/' }))).toBe(204);
    expect(await read()).toMatch(/"Status":"Ends"/);
  });

  it('refuses a request it cannot follow', async () => {
    expect(await control('PUT', 'nonsense')).toBe(400);
    expect(await control('PUT', JSON.stringify({ prefix: '2025/', rule: { hidden: 'yes' } }))).toBe(400);
    expect(await control('PUT', JSON.stringify({ rule: { hidden: true } }))).toBe(400);
  });

  it('has no control API unless asked for one', async () => {
    const plain = await startArchiveStandIn();
    const response = await fetch(`${plain.url}/control`, { method: 'PUT', body: JSON.stringify({ prefix: '', rule: { hidden: true } }) });
    expect(response.status).toBe(404);
    await plain.close();
  });
});
