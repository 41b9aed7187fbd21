/**
 * What each page without parameters is, in one or two sentences: the server writes it into the page's head (meta
 * description, Open Graph, Twitter) with the page's title from the registry (pages.ts), and the screen keeps it.
 * Apart from the registry because the web app's start-up code carries the registry, and these sentences would
 * take more than a kilobyte (gzip) of its budget (bench/bundleSize.test.ts): the web app loads them apart.
 */
import type { PageName, PAGES } from './pages';

type Pages = typeof PAGES;

/** The pages without parameters: one address each, so one description. */
export type FixedPageName = { [N in PageName]: Pages[N]['path'] extends `${string}:${string}` ? never : N }[PageName];

export const PAGE_DESCRIPTIONS: Record<FixedPageName, string> = {
  home: 'The current or next Formula 1 race weekend with a live countdown to its next session, the latest news and the last race’s podiums.',
  schedule: 'Every round of this Formula 1 season with its sessions in your local time, and a month-by-month calendar of race weekends.',
  teams: 'This season’s Formula 1 constructors’ championship: every team’s position, points, race wins and drivers.',
  drivers: 'This season’s Formula 1 drivers’ championship: every driver’s position, points, team and gap to the leader.',
  vote: 'Vote for the last race’s best point scorer, best of the rest and best team in the Fan’s Choice Awards.',
  voteResults: 'How the fans voted in the Fan’s Choice Awards, race by race, the latest first.',
  trackVisualizer: 'Every circuit of the season drawn from F1DB, with its facts, its last winners and its lap record.',
  reactionGame: 'Test your reactions against the five red lights of a Formula 1 race start.',
  history: 'The world championship since 1950: its champions, seasons and milestones.',
  compare: 'Two Formula 1 drivers head to head, over a season or their whole careers: qualifying and race duels, points, wins and more.',
  titleFight: 'Who can still win the drivers’ and constructors’ titles with the points still to play for, and a what-if to set the remaining results yourself.',
  live: 'The timing tower while a session runs, the session now or the next one, the latest classification and what comes next; any recorded session can be replayed.',
  fun: 'F1 trivia from more than seventy years of race data: ten questions a round, a new round every time.',
  login: 'Sign in to see your favourite driver and team.',
  signup: 'An account lets you follow a favourite driver and team across the site and vote as a registered fan.',
  forgotPassword: 'Enter the email address of your account and we will send you a link to choose a new password.',
  confirm: 'Open the link we sent to your inbox to confirm your email address and finish creating your account.',
  authAction: 'Completes the step from the link in your email: confirming your address or setting a new password.',
  profile: 'Your display name, photo, favourite driver and favourite team.',
  updateProfile: 'Change your display name, photo, favourite driver and favourite team.',
  info: 'Where Slipstream’s Formula 1 data comes from, which version it is, and how dates and times are shown.',
  privacyPolicy: 'What Slipstream stores about you, the cookies and browser storage it uses, how long data is kept and how to delete it.',
  termsOfService: 'The rules for using Slipstream, an unofficial Formula 1 fan website: accounts, fair use, votes, content and liability.',
  test: 'A quick health summary of the site for administrators: each check passes or says what is wrong.',
  updateTeams: 'Set each team’s race drivers for the featured season, with the rounds they drove, as the team and driver cards show them.',
  admin: 'Keep the site right during a season: its data, its users, and a log of every change.',
  seasonEvents: 'Add and correct the events of the season’s calendar.',
  adminTest: 'Full diagnostics: database, cache, mail and data sources, with a test mail to check delivery.',
  driverEditor: 'Edit how a driver is shown: names, number, team, colour, flag, photo and links. The imported data stays as it is.',
  teamEditor: 'Edit how a team is shown: names, colour, logo, car photo, team principal and links. The imported data stays as it is.',
  notFound: 'There is no page at this address on Slipstream.',
};
