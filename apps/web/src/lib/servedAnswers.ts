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

function readServedAnswers(): Map<string, unknown> {
  const text = document.getElementById('served-answers')?.textContent;
  if (!text) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(text) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}
