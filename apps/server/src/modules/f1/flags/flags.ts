import * as flags from 'country-flag-icons/string/3x2';

/** Flags by ISO 3166-1 alpha-2 code, from the maintained country-flag-icons package (3:2 SVGs). */
const FLAGS: Record<string, string> = flags;

export function flagSvg(alpha2: string): string | undefined {
  return FLAGS[alpha2.toUpperCase()];
}

/** Our URL of a country's flag, or null when the package has none for it. */
export function flagUrl(alpha2: string | null): string | null {
  return alpha2 && flagSvg(alpha2) ? `/api/flags/${alpha2.toLowerCase()}.svg` : null;
}
