import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { ergastPageQuery, ergastResponses } from '@slipstream/contract';
import { endpointPath, ENDPOINTS, type EndpointName, type PathParamsOf } from '@slipstream/contract/endpoints';
import type { AppDeps } from '../../../deps';
import { endpointReader, type ReadAnswer } from '../../../lib/endpoints';
import { databaseHttpError, HttpError } from '../../../lib/errors';
import { parseInput } from '../../../lib/validation';
import { CACHE_CONTROL, DATA_TTL_SECONDS, answer, dataKey, f1Context, sendJson } from '../context';
import type { ErgastQuery } from './conditions';
import { parseErgastPath, type ErgastResource } from './paths';
import { withErgastIds } from './ids';
import { ergastTable, resolveRequest, visibilityOf } from './service';

const ERGAST_PREFIX = '/api/ergast/f1/';
/** The registry's endpoints this API answers (the screens' own Ergast reads). */
const ERGAST_READS = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => 'ergast' in ENDPOINTS[name]);

const SCHEMAS = ergastResponses satisfies Record<ErgastResource, z.ZodType>;

/**
 * Answers are cached without their URL (it carries the host and the path as spelled), which is put in per request:
 * this stands in for it, as the first "url" of the JSON, MRData's own.
 */
const URL_STAND_IN = 'ergast:request-url';

/** Readable from a page of any origin: CORS, and a resource policy that lets such a page load it. */
const OPEN_TO_ANY_PAGE = { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' };

/** The cache key of an answer: the resolved query (F1DB ids, numbers), never the raw path or query string. */
function queryKey(query: ErgastQuery): string {
  return JSON.stringify(query);
}

/** The Ergast-compatible API: /api/ergast/f1/[{season}[/{round}]]/[filters]/{resource}[/{value}][.json], as Jolpica. */
export const ergastRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  // Errors in Jolpica's shape ({"detail"}), with our usual `message` beside it.
  app.setErrorHandler((error, request, reply) => {
    const answer = error instanceof HttpError ? error : databaseHttpError(error);
    if (!answer) throw error;
    if (answer !== error) request.log.warn({ err: { message: (error as Error).message } }, answer.message);
    return reply.status(answer.statusCode).headers(answer.headers).send({ detail: answer.message, message: answer.message });
  });

  // Any web page may read the Ergast API, as Ergast's own allowed; only these routes open up (accounts, admin and the
  // rest of the site stay same-origin): the hook is this plugin's alone.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(OPEN_TO_ANY_PAGE);
  });
  app.options(`${ERGAST_PREFIX.slice(app.prefix.length)}*`, async (request, reply) =>
    reply
      .status(204)
      .headers({
        'access-control-allow-methods': 'GET, HEAD, OPTIONS',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
        'access-control-max-age': '86400',
      })
      .send(),
  );

  /** The answer at an Ergast path (after /api/ergast/f1/), which `url` names as Ergast does. */
  const ergastAnswer = async (path: string, pageQuery: unknown, url: string): Promise<ReadAnswer> => {
    const ergastRequest = parseErgastPath(path);
    const page = parseInput(ergastPageQuery, pageQuery);
    const ctx = f1Context(deps);
    const [query, visibility] = await Promise.all([resolveRequest(ctx, ergastRequest), visibilityOf(ctx)]);
    const json = await answer(
      ctx,
      dataKey(ctx, 'ergast', visibility.revision, queryKey(query), page.limit, page.offset),
      DATA_TTL_SECONDS,
      SCHEMAS[query.resource] as z.ZodType,
      async () => {
        const { total, table } = await ergastTable(ctx, query, visibility, page).then(async (answer) => ({ ...answer, table: await withErgastIds(ctx.db, answer.table) }));
        const envelope = { xmlns: '', series: 'f1', url: URL_STAND_IN, limit: String(page.limit), offset: String(page.offset), total: String(total) };
        return { MRData: { ...envelope, ...table } };
      },
    );
    // "current", "last" and "next" follow the racing clock; a plain year and round only the data.
    const byClock = typeof ergastRequest.season === 'string' || typeof ergastRequest.round === 'string';
    // Ergast reports the URL asked, without its query, in lower case.
    return { json: json.replace(JSON.stringify(URL_STAND_IN), () => JSON.stringify(url.toLowerCase())), cacheControl: byClock ? CACHE_CONTROL.clock : CACHE_CONTROL.data };
  };

  app.get(`${ERGAST_PREFIX.slice(app.prefix.length)}*`, async (request, reply) => {
    const url = `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
    const { json, cacheControl } = await ergastAnswer((request.params as { '*': string })['*'], request.query, url);
    return sendJson(reply, json, cacheControl);
  });

  // The Ergast reads of the site's own screens, for the server's rendering: answered as the route above answers them.
  for (const name of ERGAST_READS) {
    endpointReader(app, name, ({ params, query }) => {
      const path = endpointPath(name, params as PathParamsOf<typeof name>);
      return ergastAnswer(path.slice(ERGAST_PREFIX.length), query, `${new URL(deps.config.publicUrl).origin}${path}`);
    });
  }
};
