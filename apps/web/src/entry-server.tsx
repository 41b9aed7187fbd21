import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import type { SessionSource } from './app/auth';
import { loadScreenFor } from './app/router';
import { readAsDrawn } from './app/startup';
import { fixedClock } from './lib/clock';
import { serveAnswers } from './lib/servedAnswers';
import { ServerVisitorProvider, type ServerVisitor } from './lib/visitor';

/**
 * The server's drawing of a page (issue 10): the pages visitors land on are sent as HTML, painted before any of
 * the app's code has loaded, and the app then takes the drawing over (hydrateRoot in main.tsx). Built for Node
 * into dist-ssr/ (`vite build --ssr`); the server's modules/seo loads it.
 */
export type PageToDraw = {
  /** The page's path and query, as requested. */
  url: string;
  /** The public API answers the page is sent with (its served-answers), by API path. */
  answers: Record<string, unknown>;
  /** The racing clock's now, in milliseconds since the epoch. */
  now: number;
  visitor: ServerVisitor;
};

/** The server draws pages only for requests without the session cookie: nobody is signed in. */
const signedOut: SessionSource = { startsAnonymous: true, restore: async () => null, signOut: async () => {} };

/** One page at a time: while a page's first reads run, the served answers are its own (lib/servedAnswers). */
let drawing: Promise<unknown> = Promise.resolve();

export function drawPage(page: PageToDraw): Promise<string> {
  const drawn = drawing.then(() => draw(page));
  drawing = drawn.catch(() => undefined);
  return drawn;
}

async function draw({ url, answers, now, visitor }: PageToDraw): Promise<string> {
  const { pathname } = new URL(url, 'http://page');
  serveAnswers(answers);
  // What the page was not sent the answer of is drawn as it is in the browser at first: loading.
  const [, queryClient] = await Promise.all([loadScreenFor(pathname), readAsDrawn(pathname, now)]).finally(() => serveAnswers({}));
  const AtUrl = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const html = renderToString(
    <StrictMode>
      <ServerVisitorProvider visitor={visitor}>
        <App services={{ queryClient, clock: fixedClock(now) }} session={signedOut} Router={AtUrl} />
      </ServerVisitorProvider>
    </StrictMode>,
  );
  // A part that failed, or waited for its code or data, would be drawn by the browser only after the app took the
  // page over, which it reports as an error: such a part must be drawn in the browser only (lib/hydration).
  if (html.includes('<!--$!')) throw new Error(`${url}: a part of the page could not be drawn`);
  return html;
}
