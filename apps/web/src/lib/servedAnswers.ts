/**
 * The public API answers the server wrote into the page it served (modules/seo/landing.ts on the server): what
 * the page asks for first, so it shows without waiting for a round trip (issue 10). Each is used once, by the
 * first read of its path; later reads, and every other path, go to the network.
 */
let served: Map<string, unknown> | undefined;

export function takeServedAnswer(apiPath: string): { body: unknown } | undefined {
  served ??= readServedAnswers();
  if (!served.has(apiPath)) return undefined;
  const body = served.get(apiPath);
  served.delete(apiPath);
  return { body };
}

let onlyServed = false;

/** True while the page's first reads are made as the server drew the page: from its answers alone (app/startup.ts). */
export function servedAnswersOnly(): boolean {
  return onlyServed;
}

/** Runs reads that take the served answers only: a read without one fails at once instead of asking the network. */
export async function readingServedAnswersOnly<T>(run: () => Promise<T>): Promise<T> {
  onlyServed = true;
  try {
    return await run();
  } finally {
    onlyServed = false;
  }
}

/**
 * On the server, the answers of the page being drawn (entry-server.tsx): the same the page is sent with, so the
 * app taking the drawing over in the browser starts from the same data.
 */
export function serveAnswers(answers: Record<string, unknown>): void {
  served = new Map(Object.entries(answers));
}

function readServedAnswers(): Map<string, unknown> {
  const text = document.getElementById('served-answers')?.textContent;
  if (!text) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(text) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}
