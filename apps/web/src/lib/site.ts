/** Facts about the site itself, used by the shell and the info pages. */

/**
 * The author's page on a donation platform (the DONATION_URL setting, read when the web app is built, in the
 * server's and the browser's code alike): the "Support the author" links show only when it is set.
 */
export const DONATION_URL: string | null = (import.meta.env.DONATION_URL as string | undefined) || null;

export const F1DB = {
  name: 'F1DB',
  authors: 'Philipp Schaefer et al.',
  url: 'https://github.com/f1db/f1db',
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
} as const;

export const DISCLAIMER =
  'Slipstream is an unofficial fan website. It is not associated in any way with the Formula 1 companies. ' +
  'F1, FORMULA ONE, FORMULA 1, FIA FORMULA ONE WORLD CHAMPIONSHIP, GRAND PRIX and related marks are ' +
  'trade marks of Formula One Licensing B.V.';
