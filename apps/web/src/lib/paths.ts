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
} as const;
