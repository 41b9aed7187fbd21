import { z } from 'zod';
import { ergastIdSegment, ergastNumberSegment, ergastRoundSegment, ergastSeasonSegment } from '@slipstream/contract';
import { badRequest, notFound } from '../../../lib/errors';
import { parseInput } from '../../../lib/validation';

/** What Ergast answers with: one table per resource. */
export const ERGAST_RESOURCES = [
  'seasons',
  'circuits',
  'races',
  'constructors',
  'drivers',
  'results',
  'sprint',
  'qualifying',
  'driverStandings',
  'constructorStandings',
  'status',
  'pitstops',
  'laps',
] as const;
export type ErgastResource = (typeof ERGAST_RESOURCES)[number];

/**
 * The filters a path can put before its resource (`/drivers/alonso/results`), and the position or number a few
 * resources take after them (`/results/1`, `/pitstops/2`): each narrows the answer to one value.
 */
export type ErgastFilterName =
  | 'circuits'
  | 'constructors'
  | 'drivers'
  | 'grid'
  | 'results'
  | 'fastest'
  | 'status'
  | 'driverStandings'
  | 'constructorStandings'
  | 'laps'
  | 'pitstops'
  | 'qualifying'
  | 'sprint';

export type ErgastFilter = { name: ErgastFilterName; value: string | number };

/** An Ergast URL read: season and round possibly aliases, filters in the order given. */
export type ErgastRequest = {
  resource: ErgastResource;
  season: number | 'current' | undefined;
  round: number | 'last' | 'next' | undefined;
  filters: ErgastFilter[];
};

const id = ergastIdSegment;
const number = ergastNumberSegment;

/** How each filter's value is written, and the name a bad one is reported under. */
const FILTER_VALUES: Record<ErgastFilterName, { field: string; schema: z.ZodType<string | number> }> = {
  circuits: { field: 'circuitId', schema: id },
  constructors: { field: 'constructorId', schema: id },
  drivers: { field: 'driverId', schema: id },
  grid: { field: 'grid', schema: number(0, 99) },
  results: { field: 'position', schema: number(0, 99) },
  fastest: { field: 'fastest', schema: number(0, 99) },
  status: { field: 'statusId', schema: number(1, 99_999) },
  driverStandings: { field: 'position', schema: number(1, 999) },
  constructorStandings: { field: 'position', schema: number(1, 999) },
  laps: { field: 'lap', schema: number(1, 999) },
  pitstops: { field: 'stop', schema: number(1, 99) },
  qualifying: { field: 'position', schema: number(1, 99) },
  sprint: { field: 'position', schema: number(1, 99) },
};

/** Filters that may stand before a resource; the others only end a path, after their resource. */
const LEADING_FILTERS = new Set<ErgastFilterName>([
  'circuits',
  'constructors',
  'drivers',
  'grid',
  'results',
  'fastest',
  'status',
  'driverStandings',
  'constructorStandings',
  'laps',
]);

/** The resources a value may follow (`/drivers/alonso`): it filters them as the same-named filter would. */
const TRAILING_FILTER: Partial<Record<ErgastResource, ErgastFilterName>> = {
  circuits: 'circuits',
  constructors: 'constructors',
  drivers: 'drivers',
  results: 'results',
  sprint: 'sprint',
  qualifying: 'qualifying',
  driverStandings: 'driverStandings',
  constructorStandings: 'constructorStandings',
  status: 'status',
  pitstops: 'pitstops',
  laps: 'laps',
};

/** Ergast spells names in camel case, Jolpica in lower case: both are read. */
const KEYWORDS = new Map<string, string>([...ERGAST_RESOURCES, ...LEADING_FILTERS].map((name) => [name.toLowerCase(), name]));

/**
 * Reads the path after /api/ergast/f1/: `[{season}[/{round}]]` then filters in any order, then the resource, maybe
 * followed by one value; `.json` and a trailing slash are optional; no resource means races. A bad value is a 400,
 * an unknown shape a 404.
 */
export function parseErgastPath(path: string): ErgastRequest {
  const segments = path
    .replace(/\.json$/i, '')
    .split('/')
    .filter((segment) => segment !== '');
  const request: ErgastRequest = { resource: 'races', season: undefined, round: undefined, filters: [] };
  let index = 0;
  if (segments[0] !== undefined && !KEYWORDS.has(segments[0].toLowerCase())) {
    request.season = parseInput(z.object({ season: ergastSeasonSegment }), { season: segments[0] }).season;
    index = 1;
    if (segments[1] !== undefined && !KEYWORDS.has(segments[1].toLowerCase())) {
      request.round = parseInput(z.object({ round: ergastRoundSegment }), { round: segments[1] }).round;
      index = 2;
    }
  }
  while (index < segments.length) {
    const keyword = KEYWORDS.get(segments[index]!.toLowerCase());
    const value = segments[index + 1];
    const isLast = index === segments.length - 1;
    const endsWithValue = index === segments.length - 2;
    if (keyword && isLast && isResource(keyword)) {
      request.resource = keyword;
    } else if (keyword && endsWithValue && isResource(keyword)) {
      const filter = TRAILING_FILTER[keyword];
      if (!filter) throw badRequest('Bad Request: Endpoint does not support final filter.');
      request.resource = keyword;
      addFilter(request, filter, value!);
    } else if (keyword && !isLast && !endsWithValue && LEADING_FILTERS.has(keyword as ErgastFilterName)) {
      addFilter(request, keyword as ErgastFilterName, value!);
    } else {
      throw unknownEndpoint(path);
    }
    index += isLast ? 1 : 2;
  }
  return request;
}

function isResource(name: string): name is ErgastResource {
  return (ERGAST_RESOURCES as readonly string[]).includes(name);
}

function addFilter(request: ErgastRequest, name: ErgastFilterName, raw: string) {
  if (request.filters.some((filter) => filter.name === name)) throw badRequest(`Bad Request: the filter ${name} is given twice.`);
  const { field, schema } = FILTER_VALUES[name];
  const { [field]: value } = parseInput(z.object({ [field]: schema }), { [field]: raw }) as Record<string, string | number>;
  request.filters.push({ name, value: value! });
}

const unknownEndpoint = (path: string) => notFound(`No Ergast endpoint /ergast/f1/${path}`);
