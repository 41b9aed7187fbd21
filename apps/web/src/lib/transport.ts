/** How the API client reaches the server: one request, one answer, as fetch makes them. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

let currentRequestTransport: () => Transport | undefined = () => undefined;

/**
 * On the server only (entry-server.tsx), once: where the page being rendered finds its own transport, which reads
 * the server's answers in-process. Each page has its own (an AsyncLocalStorage), so pages render side by side.
 */
export function setRequestTransports(current: () => Transport | undefined): void {
  currentRequestTransport = current;
}

/** The network in the browser; the rendered page's own reads on the server. */
export const transport: Transport = (url, init) => (currentRequestTransport() ?? fetch)(url, init);
