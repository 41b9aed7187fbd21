import zlib from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { preferredEncoding, sendPreparedJson } from './prepared';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['*;q=0', undefined],
    [undefined, undefined],
  ])('%s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('sendPreparedJson behind the etag and compress plugins', () => {
  async function app() {
    const server = Fastify();
    await server.register(compress, { threshold: 1024 });
    await server.register(etag);
    let body = JSON.stringify({ rows: Array.from({ length: 200 }, (_, index) => ({ index, name: `row ${index}` })) });
    server.get('/big', (_request, reply) => sendPreparedJson(reply, body));
    server.get('/small', (_request, reply) => sendPreparedJson(reply, '{"ok":true}'));
    return { server, change: () => (body = body.replace('row 0', 'row zero')) };
  }

  it('sends the bytes the client accepts, with an ETag that answers 304, and follows a changed body', async () => {
    const { server, change } = await app();
    const br = await server.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()).rows).toHaveLength(200);

    const gzip = await server.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(zlib.brotliDecompressSync(br.rawPayload).toString());
    const plain = await server.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().rows).toHaveLength(200);

    expect(gzip.headers.etag).toBe(br.headers.etag);
    const notModified = await server.inject({ url: '/big', headers: { 'if-none-match': String(br.headers.etag), 'accept-encoding': 'br' } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    change();
    const changed = await server.inject({ url: '/big', headers: { 'if-none-match': String(br.headers.etag) } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(br.headers.etag);
    expect(changed.json().rows[0].name).toBe('row zero');
  });

  it('leaves a small answer uncompressed', async () => {
    const { server } = await app();
    const small = await server.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    expect(small.headers.etag).toMatch(/^"/);
  });
});
