/**
 * Links to the site's own pages, so no screen spells a route by hand; add a page here when something
 * first links to it. The patterns themselves live in the page registry (@slipstream/contract/pages).
 */
export const paths = {
  home: '/',
  schedule: '/schedule',
  meeting: (season: number | string, slug: string) => `/schedule/${season}/${encodeURIComponent(slug)}`,
  teams: '/teams',
  drivers: '/drivers',
  /** A driver of the featured season by route code, the first three letters of the surname: /drivers/NOR. */
  driver: (code: string) => `/drivers/${encodeURIComponent(code)}`,
  qualifyingResults: (season?: number) => (season ? `/qualifying-results/${season}` : '/qualifying-results'),
  raceResults: (season?: number) => (season ? `/race-results/${season}` : '/race-results'),
  reactionGame: '/reaction-game',
  history: '/f1-history',
  live: '/live',
  fun: '/fun',
  trackVisualizer: '/track-vizualizer',
  admin: '/admin',
  /** Two drivers head to head over a season (or their careers when season is omitted). */
  compare: (query: { a?: string; b?: string; season?: number } = {}) => withQuery('/compare', query),
  /** Who can still win a season's titles; round: as the season stood after it; w: a what-if. */
  titleFight: (query: { season?: number; round?: number; w?: string } = {}) => withQuery('/title-fight', query),
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  confirm: '/confirm',
  profile: '/profile',
  updateProfile: '/update-profile',
  info: '/info',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  vote: '/vote',
  voteResults: '/vote/results',
} as const;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
