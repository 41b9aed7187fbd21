import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { lineOffset } from '../ingest/livetiming/stream';
import { repoRoot } from '../paths';

/** The recorded archive (../shared/data/livetiming/static), laid out as https://livetiming.formula1.com/static/. */
export const recordedArchiveDir = path.resolve(repoRoot, '../shared/data/livetiming/static');

/** What the stand-in does for the files under one path prefix (e.g. a session folder "2025/…/2025-05-03_Sprint/"). */
export type ArchiveRule =
  /** 404 for every file, as before the archive publishes the session. */
  | { hidden: true }
  /** Only the `.jsonStream` lines sent at or before this offset (ms), and no `.json` final state: a session in progress. */
  | { upToMs: number }
  /** An HTTP error. */
  | { status: number }
  /** Accepts the request and never answers. */
  | { hang: true }
  /** This exact text instead of the file (a malformed file, a file the recordings lack). */
  | { body: string };

export type ArchiveStandIn = {
  /** The base URL to give the reader as LIVETIMING_URL (files are under {url}/static/). */
  url: string;
  /** Sets what happens under a path prefix; the longest matching prefix wins. */
  set(prefix: string, rule: ArchiveRule): void;
  /** Back to serving the recording under that prefix. */
  release(prefix: string): void;
  /** Every path (under static/) requested so far, in order. */
  requested(): string[];
  close(): Promise<void>;
};

export type ArchiveStandInOptions = {
  root?: string;
  port?: number;
  /** Accept rules over HTTP (PUT/DELETE /control, JSON {prefix, rule}) so another process (an end-to-end run) can drive it. */
  control?: boolean;
};

/** The lines of a .jsonStream sent at or before upToMs; the byte-order mark stays. */
function streamUpTo(text: string, upToMs: number): string {
  return text
    .split('\n')
    .filter((line) => (lineOffset(line) ?? Infinity) <= upToMs)
    .map((line) => `${line}\n`)
    .join('');
}

function isRule(rule: unknown): rule is ArchiveRule {
  if (typeof rule !== 'object' || rule === null) return false;
  const value = rule as Record<string, unknown>;
  return (
    value.hidden === true ||
    value.hang === true ||
    (typeof value.upToMs === 'number' && value.upToMs >= 0) ||
    (Number.isInteger(value.status) && (value.status as number) >= 400 && (value.status as number) < 600) ||
    typeof value.body === 'string'
  );
}

/** A file under root for a request path, or undefined when the path leaves root or names no file. */
function fileUnder(root: string, relative: string): string | undefined {
  const file = path.resolve(root, relative);
  if (file !== root && !file.startsWith(`${root}${path.sep}`)) return undefined;
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? file : undefined;
}

/**
 * A stand-in for F1's live-timing archive: a real HTTP server on 127.0.0.1 serving the recorded sessions under
 * /static/, which a test can hide, cut at a moment of the session, break or hang.
 */
export async function startArchiveStandIn(options: ArchiveStandInOptions = {}): Promise<ArchiveStandIn> {
  const root = path.resolve(options.root ?? recordedArchiveDir);
  const rules = new Map<string, ArchiveRule>();
  const requested: string[] = [];

  const ruleFor = (relative: string) =>
    [...rules.entries()].filter(([prefix]) => relative.startsWith(prefix)).sort(([a], [b]) => b.length - a.length)[0]?.[1];

  function answer(request: http.IncomingMessage, response: http.ServerResponse, relative: string): void {
    requested.push(relative);
    const rule = ruleFor(relative);
    if (rule && 'hang' in rule) return;
    if (rule && 'status' in rule) return void response.writeHead(rule.status, { 'content-type': 'text/plain' }).end('stand-in failure');
    if (rule && 'hidden' in rule) return void response.writeHead(404).end();
    if (rule && 'body' in rule) return void send(request, response, rule.body);
    const upToMs = rule && 'upToMs' in rule ? rule.upToMs : undefined;
    const file = fileUnder(root, relative);
    // While a session runs the archive has its streams only: the .json final states come at the end.
    if (!file || (upToMs !== undefined && relative.endsWith('.json'))) return void response.writeHead(404).end();
    const body = fs.readFileSync(file, 'utf8');
    send(request, response, upToMs !== undefined && relative.endsWith('.jsonStream') ? streamUpTo(body, upToMs) : body);
  }

  function send(request: http.IncomingMessage, response: http.ServerResponse, body: string): void {
    const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) };
    response.writeHead(200, headers).end(request.method === 'HEAD' ? undefined : body);
  }

  function control(request: http.IncomingMessage, response: http.ServerResponse): void {
    let json = '';
    request.on('data', (chunk: Buffer) => (json += chunk.toString('utf8')));
    request.on('end', () => {
      try {
        const { prefix, rule } = JSON.parse(json) as { prefix?: unknown; rule?: ArchiveRule };
        if (typeof prefix !== 'string') throw new Error('a prefix (a path under static/) is needed');
        if (request.method === 'DELETE') rules.delete(prefix);
        else if (isRule(rule)) rules.set(prefix, rule);
        else throw new Error('a rule is needed: {"hidden": true}, {"upToMs": N}, {"status": N}, {"hang": true} or {"body": "..."}');
        response.writeHead(204).end();
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end((error as Error).message);
      }
    });
  }

  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://archive').pathname;
    if (pathname === '/health') return void response.writeHead(200).end('ok');
    if (options.control && pathname === '/control' && (request.method === 'PUT' || request.method === 'DELETE')) return control(request, response);
    if (!pathname.startsWith('/static/') || (request.method !== 'GET' && request.method !== 'HEAD')) return void response.writeHead(404).end();
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.slice('/static/'.length));
    } catch {
      return void response.writeHead(400).end();
    }
    answer(request, response, relative);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    set: (prefix, rule) => void rules.set(prefix, rule),
    release: (prefix) => void rules.delete(prefix),
    requested: () => [...requested],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
