import type { FastifyPluginAsync } from 'fastify';
import { flagParams } from '@slipstream/contract';
import { notFound } from '../../../lib/errors';
import { parseInput } from '../../../lib/validation';
import { flagSvg } from './flags';
import { endpointRoute } from '../../../lib/endpoints';

/** GET /api/flags/:code.svg: a country's flag, for the drivers' steag. */
export const flagRoutes: FastifyPluginAsync = async (app) => {
  endpointRoute(app, 'flag', async (request, reply) => {
    const { code } = parseInput(flagParams, request.params);
    const svg = flagSvg(code);
    if (!svg) throw notFound(`No flag for country code ${code}`);
    // A flag changes only with the package version, so browsers may keep it for a week.
    return reply.header('cache-control', 'public, max-age=604800').type('image/svg+xml').send(svg);
  });
};
