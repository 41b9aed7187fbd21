import type { EndpointName, QueryValues } from '@slipstream/contract/endpoints';

/**
 * On the server, the page being prepared reads the API in-process (entry-server.tsx): an endpoint's answer as a
 * value, or undefined for one the page may not carry (not the same for everyone, or past the page's budget).
 */
export type PageReader = (name: EndpointName, params: Record<string, string | number>, query: QueryValues) => Promise<unknown>;

let currentPageReader: () => PageReader | undefined = () => undefined;

/**
 * On the server only, once: where the page being rendered finds its own reader. Each page has its own (an
 * AsyncLocalStorage), so pages render side by side.
 */
export function setPageReaders(current: () => PageReader | undefined): void {
  currentPageReader = current;
}

/** The reader of the page being prepared on the server; none in the browser, which calls the API over the network. */
export const pageReader = (): PageReader | undefined => currentPageReader();
