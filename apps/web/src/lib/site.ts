/** Facts about the site itself, used by the shell and the info pages. */

/**
 * The footer's "Support the author" link. Set it to the author's own page on the donation
 * platform, https://ko-fi.com/<author>, either here or with VITE_DONATION_URL at build time.
 * Until then it points at the platform's front page rather than at a guessed, possibly foreign page.
 */
export const DONATION_URL: string = import.meta.env.VITE_DONATION_URL || 'https://ko-fi.com/';

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
