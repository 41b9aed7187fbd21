/**
 * The absolute http(s) form of a link (relative links resolved against base), or null for anything
 * else: javascript:, data:, mailto: and unparsable values never reach a page.
 */
export function httpUrlOrNull(value: string | undefined | null, base?: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
