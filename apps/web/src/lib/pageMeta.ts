import { useEffect } from 'react';
import { documentTitle } from '@slipstream/contract';

export type PageMeta = {
  /** Short page name for the tab; the site name is added. Omit on the home page. */
  title?: string;
  /** One or two sentences for search results and link previews. */
  description: string;
};

/**
 * The server writes each page's head into index.html (title, description, canonical, Open Graph, JSON-LD:
 * server modules/seo). The path it wrote them for: once the app navigates elsewhere, the tags that name
 * that one page (canonical, og:url, structured data, robots) no longer apply and are removed.
 */
const servedPath = typeof window === 'undefined' ? undefined : window.location.pathname;

const PAGE_SPECIFIC = ['link[rel="canonical"]', 'meta[property="og:url"]', 'meta[name="robots"]', 'script[type="application/ld+json"]'];

function setMeta(attribute: 'name' | 'property', key: string, content: string, create: boolean): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta && !create) return;
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.append(meta);
  }
  meta.content = content;
}

/** Sets the document title, meta description and link-preview tags; every route calls it (usually through <Page>). */
export function usePageMeta({ title, description }: PageMeta): void {
  useEffect(() => {
    document.title = documentTitle(title);
    setMeta('name', 'description', description, true);
    setMeta('property', 'og:title', title ?? document.title, false);
    setMeta('property', 'og:description', description, false);
    setMeta('name', 'twitter:title', title ?? document.title, false);
    setMeta('name', 'twitter:description', description, false);
    if (window.location.pathname !== servedPath) {
      for (const selector of PAGE_SPECIFIC) document.head.querySelectorAll(selector).forEach((element) => element.remove());
    }
  }, [title, description]);
}

/** The content of a <meta name> the server wrote into the page (contract renderedPageMeta); undefined without it. */
export function readPageMeta(name: string): string | undefined {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? undefined;
}
