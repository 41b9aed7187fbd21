/** The first season the results screens offer (docs/product.md, Results: year range 2014 to the featured season). */
const FIRST_RESULTS_SEASON = 2014;

/** The selectable seasons, newest first. */
export function selectableSeasons(featuredSeason: number): number[] {
  const count = Math.max(0, featuredSeason - FIRST_RESULTS_SEASON + 1);
  return Array.from({ length: count }, (_, index) => featuredSeason - index);
}

/** The year written in the route, if it is one ("2019"), before knowing whether it is offered. */
export function yearOfRoute(an: string | undefined): number | undefined {
  return an !== undefined && /^\d{4}$/.test(an) ? Number(an) : undefined;
}

/**
 * The season a route asks for: the featured one without :an, the year when it is one we offer, else null
 * ("1990", "2031", "abc").
 */
export function seasonOfRoute(an: string | undefined, featuredSeason: number): number | null {
  if (an === undefined) return featuredSeason;
  const season = yearOfRoute(an);
  return season !== undefined && season >= FIRST_RESULTS_SEASON && season <= featuredSeason ? season : null;
}
