import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';

/** Sends the start of a request and nothing more; resolves with what the server wrote once it closes the connection. */
function stall(port: number, start: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('a client that sends its request slowly', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ config: { requestTimeoutMs: 1000 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('is answered 408 and cut off once REQUEST_TIMEOUT_SECONDS have passed, body or headers unfinished', async () => {
    const body = stall(port, 'POST /api/auth/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em');
    const headers = stall(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(await body).toMatch(/^HTTP\/1\.1 408 /);
    expect(await headers).toMatch(/^HTTP\/1\.1 408 /);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});
