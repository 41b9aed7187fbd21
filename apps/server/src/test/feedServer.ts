import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../ingest/news/fixtures');

/** A feed document written for the tests (src/ingest/news/fixtures/NAME). */
export function feedFixture(name: string): string {
  return fs.readFileSync(path.join(fixtures, name), 'utf8');
}

/** How the test server answers one path. */
export type FeedReply =
  /** A document, with validators it honours like a real server (304 when the client has them). */
  | { body: string; contentType?: string; etag?: string; lastModified?: string; chunked?: boolean }
  | { status: number; body?: string }
  /** Accepts the request and never answers. */
  | { hang: true };

export type FeedServer = {
  url(path: string): string;
  serve(path: string, reply: FeedReply): void;
  /** The headers of every request made to a path so far. */
  requests(path: string): IncomingHttpHeaders[];
  /** Resolves at the next request to a path (already made ones do not count). */
  nextRequest(path: string): Promise<IncomingHttpHeaders>;
  close(): Promise<void>;
};

/** A real HTTP server on 127.0.0.1 (port chosen by the system) serving feed files a test writes. */
export async function startFeedServer(): Promise<FeedServer> {
  const replies = new Map<string, FeedReply>();
  const seen = new Map<string, IncomingHttpHeaders[]>();
  const waiting = new Map<string, Array<(headers: IncomingHttpHeaders) => void>>();

  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    seen.set(path, [...(seen.get(path) ?? []), request.headers]);
    for (const resolve of waiting.get(path) ?? []) resolve(request.headers);
    waiting.delete(path);
    const reply = replies.get(path) ?? { status: 404, body: 'not found' };
    if ('hang' in reply) return;
    if ('status' in reply) {
      response.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body ?? '');
      return;
    }
    const validators: Record<string, string> = {};
    if (reply.etag) validators.etag = reply.etag;
    if (reply.lastModified) validators['last-modified'] = reply.lastModified;
    const fresh =
      (reply.etag !== undefined && request.headers['if-none-match'] === reply.etag) ||
      (reply.etag === undefined && reply.lastModified !== undefined && request.headers['if-modified-since'] === reply.lastModified);
    if (fresh) {
      response.writeHead(304, validators).end();
      return;
    }
    const headers = { 'content-type': reply.contentType ?? 'application/rss+xml; charset=utf-8', ...validators };
    if (!reply.chunked) {
      response.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(reply.body) }).end(reply.body);
      return;
    }
    // No Content-Length: the reader only learns the size while reading.
    response.writeHead(200, headers);
    for (let start = 0; start < reply.body.length; start += 512) response.write(reply.body.slice(start, start + 512));
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    serve: (path, reply) => void replies.set(path, reply),
    requests: (path) => seen.get(path) ?? [],
    nextRequest: (path) =>
      new Promise((resolve) => {
        waiting.set(path, [...(waiting.get(path) ?? []), resolve]);
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
