import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { endpointUrl, type EndpointName, type QueryValues } from '@slipstream/contract/endpoints';
import { App } from './app/App';
import type { SessionSource } from './lib/auth';
import { hasFirstReads, startFirstReads } from './app/firstReads';
import { QUERY_DEFAULTS } from './app/queryClient';
import { loadScreenFor } from './app/router';
import { loadDeferredParts } from './lib/deferred';
import { fixedClock } from './lib/clock';
import { setPageReaders, type PageReader } from './lib/pageReads';
import { ServerVisitorProvider, type ServerVisitor } from './lib/visitor';

/**
 * The web app on the server (`vite build --ssr` into dist-ssr/, loaded by the server's modules/seo/rendering.ts).
 * For every page it sends, the server asks here for the page's state: the navbar's and the page's first reads
 * (app/firstReads.ts), made in a query client of the page's own from the server's answers, in-process, and
 * dehydrated for the page to carry. Pages with first reads of their own are also rendered from that client, for
 * visitors without a session; the browser hydrates the state into the app's query client and takes the rendered
 * page over (app/start.tsx). Nothing here outlives a page, so pages are prepared and rendered side by side.
 */
export type PageRequest = {
  /** The page's path and query, as requested. */
  url: string;
  /** The racing clock's now, in milliseconds since the epoch. */
  now: number;
  /**
   * A read of the server's API in-process, by endpoint name (@slipstream/contract/endpoints), parameters and query:
   * the answer as a value, or undefined for one the page may not carry (not the same for everyone, or past the
   * page's budget).
   */
  readEndpoint: (name: EndpointName, params: Record<string, string | number>, query: QueryValues) => Promise<unknown>;
};

export type PreparedPage = {
  /** The page's first reads as TanStack Query dehydrates them; each query's meta.apiPath names its API answer. */
  state: DehydratedState;
  /** The page's HTML for a visitor without a session; absent for a page the browser renders. */
  render?: (visitor: ServerVisitor) => string;
};

/** The reads of the page being prepared: each page's API client calls reach its own readEndpoint. */
const pageReaders = new AsyncLocalStorage<PageReader>();
setPageReaders(() => pageReaders.getStore());

export async function preparePage({ url, now, readEndpoint }: PageRequest): Promise<PreparedPage> {
  const { pathname } = new URL(url, 'http://page');
  const queryClient = new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS.queries, retry: false } } });
  const rendered = hasFirstReads(pathname);
  // Each answer read, by the endpoint's URL it answers: the service worker keeps it under that URL (meta.apiPath).
  const answerUrls = new Map<unknown, string>();
  const reader: PageReader = async (name, params, query) => {
    const answer = await readEndpoint(name, params, query);
    if (typeof answer === 'object' && answer !== null) answerUrls.set(answer, endpointUrl(name, params as never, query));
    return answer;
  };
  await Promise.all([
    rendered && loadScreenFor(pathname).then(loadDeferredParts),
    pageReaders.run(reader, () => startFirstReads(queryClient, pathname, now)),
  ]);
  // What the page does not carry is rendered as the browser shows it at first, loading; the browser then reads it.
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
  return {
    state: withApiPaths(dehydrate(queryClient), answerUrls),
    render: rendered ? (visitor) => render(url, now, visitor, queryClient) : undefined,
  };
}

function withApiPaths(state: DehydratedState, answerUrls: Map<unknown, string>): DehydratedState {
  const queries = state.queries.map((query) => {
    const apiPath = answerUrls.get(query.state.data);
    return apiPath ? { ...query, meta: { ...query.meta, apiPath } } : query;
  });
  return { ...state, queries };
}

/** The server renders pages only for requests without the session cookie: nobody is signed in. */
const signedOut: SessionSource = { startsAnonymous: true, restore: async () => null, signOut: async () => {} };

function render(url: string, now: number, visitor: ServerVisitor, queryClient: QueryClient): string {
  const AtUrl = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const html = renderToString(
    <StrictMode>
      <ServerVisitorProvider visitor={visitor}>
        <App services={{ queryClient, clock: fixedClock(now) }} session={signedOut} Router={AtUrl} />
      </ServerVisitorProvider>
    </StrictMode>,
  );
  // A part that failed, or waited for its code or data, would be rendered by the browser only after it took the
  // page over, which React reports as an error: such a part must be rendered in the browser only (lib/hydration).
  if (html.includes('<!--$!')) throw new Error(`${url}: a part of the page could not be rendered`);
  return html;
}
