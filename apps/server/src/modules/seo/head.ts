/**
 * The per-page <head> tags the server writes into index.html, so crawlers and link previews that run no
 * JavaScript see the page's own title, description, canonical URL, Open Graph tags and structured data.
 */
import { documentTitle, SITE_NAME } from '@slipstream/contract';
import { escapeHtml } from '../../lib/html';

export type PageHead = {
  /** Short page name; the site name is added. Absent on the home page. */
  title?: string;
  description: string;
  /** The page's own path, e.g. /schedule/2025/british-grand-prix; absent for pages without a canonical address. */
  canonicalPath?: string;
  /** Pages kept out of search results: accounts, admin, not found. */
  noindex?: boolean;
  /** 404 for addresses that hold no page (an unknown route, meeting or driver). */
  status: 200 | 404;
  ogType: 'website' | 'article' | 'profile';
  /** schema.org data, written as application/ld+json. */
  jsonLd?: object;
};

/**
 * JSON for a <script type="application/ld+json">: "<", ">" and "&" become \u escapes (still the same JSON), so
 * no value can close the element or open a comment; U+2028/2029 are escaped for old parsers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The tags of a page, for the place in index.html where its default title stood. */
export function renderHead(head: PageHead, publicUrl: string): string {
  const title = documentTitle(head.title);
  const canonical = head.canonicalPath === undefined ? undefined : `${publicUrl}${head.canonicalPath}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : undefined,
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}" />` : undefined,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title ?? title),
    meta('property', 'og:description', head.description),
    canonical ? meta('property', 'og:url', canonical) : undefined,
    meta('property', 'og:locale', 'en_GB'),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', head.title ?? title),
    meta('name', 'twitter:description', head.description),
    head.jsonLd ? `<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>` : undefined,
  ];
  return tags.filter((tag) => tag !== undefined).join('\n    ');
}

/**
 * index.html with the page's tags in place of its default <title> and description (the built file's own,
 * which the web app's usePageMeta later updates in place on navigation).
 */
export function injectHead(indexHtml: string, headHtml: string): string {
  const withoutDescription = indexHtml.replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  const titlePattern = /<title>[^<]*<\/title>/i;
  if (titlePattern.test(withoutDescription)) return withoutDescription.replace(titlePattern, () => headHtml);
  return withoutDescription.replace(/<\/head>/i, () => `  ${headHtml}\n  </head>`);
}

/** index.html with more tags at the end of its head, after the build's own (empty tags are left out). */
export function appendToHead(indexHtml: string, tags: string[]): string {
  const added = tags.filter(Boolean).join('\n    ');
  return added ? indexHtml.replace(/<\/head>/i, () => `  ${added}\n  </head>`) : indexHtml;
}

/** index.html with a class on its root element. */
export function withRootClass(indexHtml: string, className: string): string {
  return indexHtml.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => `<html${attributes} class="${escapeHtml(className)}">`);
}
