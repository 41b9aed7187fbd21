import { vi } from 'vitest';

/** Answers one call; it may read the request (the URL, and the init with method, headers and body). */
type Handler = (request: { url: URL; init: RequestInit | undefined }) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Replaces fetch with a table of API answers keyed by path ("/api/get-next"); any other path
 * answers like the server does for an unknown route. Returns the mock to inspect calls.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const handler = handlers[url.pathname];
    return handler ? handler({ url, init }) : json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
