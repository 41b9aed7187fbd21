import { useEffect } from 'react';
import { SITE_NAME, SITE_TAGLINE } from './site';

export type PageMeta = {
  /** Short page name for the tab; the site name is added. Omit on the home page. */
  title?: string;
  /** One or two sentences for search results and link previews. */
  description: string;
};

/** Sets the document title and meta description; every route calls it (usually through <Page>). */
export function usePageMeta({ title, description }: PageMeta): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME}: ${SITE_TAGLINE}`;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
