import { useEffect, useState } from 'react';
import { documentTitle } from '@slipstream/contract';
import type { FixedPageName } from '@slipstream/contract/page-descriptions';
import { PAGES, type SitePage } from '@slipstream/contract/pages';

export type PageMeta = {
  /** Short page name for the tab; the site name is added. Omit on the home page. */
  title?: string;
  /** One or two sentences for search results and link previews. */
  description: string;
};

let descriptions: Record<FixedPageName, string> | undefined;
let loading: Promise<Record<FixedPageName, string>> | undefined;

/** The page registry's descriptions: apart from the start-up code, which would carry every page's otherwise. */
function loadDescriptions(): Promise<Record<FixedPageName, string>> {
  loading ??= import('@slipstream/contract/page-descriptions').then(
    (module) => (descriptions = module.PAGE_DESCRIPTIONS),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The head the page registry gives a page without parameters: its title at once, its description once loaded
 * (the server wrote both into the page it sent, so the first page shows them from the start).
 */
export function useRegistryPageMeta(name: FixedPageName | undefined): { title?: string; description?: string } {
  const [loaded, setLoaded] = useState(descriptions);
  useEffect(() => {
    // Should the descriptions not load (offline before they ever did), the one standing stays; the next page tries again.
    if (name !== undefined && !loaded) loadDescriptions().then(setLoaded, () => undefined);
  }, [name, loaded]);
  if (name === undefined) return {};
  const { title }: SitePage = PAGES[name];
  return { title, description: loaded?.[name] };
}

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

/**
 * Sets the document title, meta description and link-preview tags; every route calls it (usually through <Page>).
 * A description not known yet leaves the one standing.
 */
export function usePageMeta({ title, description }: { title?: string; description: string | undefined }): void {
  useEffect(() => {
    document.title = documentTitle(title);
    setMeta('property', 'og:title', title ?? document.title, false);
    setMeta('name', 'twitter:title', title ?? document.title, false);
    if (description !== undefined) {
      setMeta('name', 'description', description, true);
      setMeta('property', 'og:description', description, false);
      setMeta('name', 'twitter:description', description, false);
    }
    if (window.location.pathname !== servedPath) {
      for (const selector of PAGE_SPECIFIC) document.head.querySelectorAll(selector).forEach((element) => element.remove());
    }
  }, [title, description]);
}

/** The content of a <meta name> the server wrote into the page (contract renderedPageMeta); undefined without it. */
export function readPageMeta(name: string): string | undefined {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? undefined;
}
