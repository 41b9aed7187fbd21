import type { FastifyInstance, FastifyReply, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import { ENDPOINTS, type EndpointName } from '@slipstream/contract/endpoints';
import { sendPreparedJson } from './cache';

/**
 * The server's side of the endpoint registry (@slipstream/contract/endpoints): every handler of the API is
 * registered by its endpoint's name, which gives its method and path. A public read is registered as a reader, a
 * function of its parameters alone, which the server's rendering also calls in-process for a page's first reads
 * (modules/seo) without a second trip through HTTP.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The readers of the public reads, by endpoint name (filled as the modules register them). */
    endpointReaders: Map<EndpointName, EndpointReader>;
  }
  interface FastifyContextConfig {
    /** The registry's name of the endpoint a route answers. */
    endpoint?: EndpointName;
  }
}

/** A read's parameters as a request carries them: path parameters, query and headers, all text. */
export type ReadInput = { params: Record<string, string>; query: Record<string, string>; headers: Record<string, string | undefined> };
/** A read's answer: its JSON text and its Cache-Control. */
export type ReadAnswer = { json: string; cacheControl: string };
export type EndpointReader = (input: ReadInput) => Promise<ReadAnswer>;

/** Gives the app its (empty) table of readers: once, before the modules register. */
export function decorateEndpointReaders(app: FastifyInstance): void {
  app.decorate('endpointReaders', new Map<EndpointName, EndpointReader>());
}

/**
 * Registers the handler of the endpoint `name` at the registry's method and path (under the plugin's prefix), with
 * Fastify's route options when given, as `app.get(path, options, handler)` takes them.
 */
export function endpointRoute(app: FastifyInstance, name: EndpointName, ...route: [RouteHandlerMethod] | [RouteShorthandOptions, RouteHandlerMethod]): void {
  const [options, handler] = route.length === 1 ? [{}, route[0]] : route;
  const { method, path } = ENDPOINTS[name];
  if (!path.startsWith(app.prefix)) throw new Error(`${name}: ${path} is not under ${app.prefix}`);
  app.route({ ...options, method, url: path.slice(app.prefix.length), config: { ...options.config, endpoint: name }, handler });
}

/** Registers a public read for the server's rendering, whose route answers it otherwise (the Ergast API's). */
export function endpointReader(app: FastifyInstance, name: EndpointName, reader: EndpointReader): void {
  if (ENDPOINTS[name].method !== 'GET') throw new Error(`${name} is not a read`);
  app.endpointReaders.set(name, reader);
}

/** Registers a public read: its route, and its reader for the server's rendering. */
export function readerRoute(app: FastifyInstance, name: EndpointName, reader: EndpointReader): void {
  endpointReader(app, name, reader);
  endpointRoute(app, name, async (request, reply) => {
    const { json, cacheControl } = await reader({
      params: request.params as Record<string, string>,
      query: request.query as Record<string, string>,
      headers: request.headers as Record<string, string | undefined>,
    });
    return sendJson(reply, json, cacheControl);
  });
}

/** Sends a JSON answer; a public one from its prepared form (ETag and compressed bytes made once per body). */
export function sendJson(reply: FastifyReply, json: string, cacheControl: string) {
  reply.header('cache-control', cacheControl);
  if (cacheControl.startsWith('public')) return sendPreparedJson(reply, json);
  return reply.type('application/json; charset=utf-8').send(json);
}
