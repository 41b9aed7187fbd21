import { z } from 'zod';
import { ergastRoundSegment, ergastSeasonSegment } from '@slipstream/contract';
import { notFound } from '../../../lib/errors';
import { parseInput } from '../../../lib/validation';

export type ErgastResource = 'races' | 'results' | 'qualifying' | 'sprint' | 'driverStandings' | 'constructorStandings';

/** What an Ergast URL asks for: {season}[/{round}][/{resource}][.json], season and round possibly aliases. */
export type ErgastRequest = {
  resource: ErgastResource;
  season: number | 'current';
  round: number | 'last' | undefined;
};

/** Ergast spells the resources in camel case, Jolpica in lower case: both are accepted. */
const RESOURCES: Record<string, ErgastResource> = {
  races: 'races',
  results: 'results',
  qualifying: 'qualifying',
  sprint: 'sprint',
  driverstandings: 'driverStandings',
  constructorstandings: 'constructorStandings',
};

/** Reads the path after /api/ergast/f1/; a bad season or round is a 400, an unknown shape a 404. */
export function parseErgastPath(path: string): ErgastRequest {
  const segments = path
    .replace(/\.json$/i, '')
    .split('/')
    .filter((segment) => segment !== '');
  const [seasonSegment, second, third, ...rest] = segments;
  if (seasonSegment === undefined || rest.length > 0) throw unknownEndpoint(path);
  const { season } = parseInput(z.object({ season: ergastSeasonSegment }), { season: seasonSegment });
  if (second === undefined) return { resource: 'races', season, round: undefined };

  const secondResource = RESOURCES[second.toLowerCase()];
  if (secondResource) {
    if (third !== undefined) throw unknownEndpoint(path);
    return { resource: secondResource, season, round: undefined };
  }
  if (/^[a-z]+$/i.test(second) && second !== 'last') throw unknownEndpoint(path);
  const { round } = parseInput(z.object({ round: ergastRoundSegment }), { round: second });
  if (third === undefined) return { resource: 'races', season, round };
  const resource = RESOURCES[third.toLowerCase()];
  if (!resource) throw unknownEndpoint(path);
  return { resource, season, round };
}

const unknownEndpoint = (path: string) => notFound(`No Ergast endpoint /ergast/f1/${path}`);
