/**
 * Links to the site's own pages, so no screen spells a route by hand; add a page here when something
 * first links to it. The patterns themselves live in the router (app/router.tsx).
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
