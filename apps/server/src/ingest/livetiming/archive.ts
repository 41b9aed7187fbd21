import { describeNetworkError, readCapped, type SharedBudget } from '../../lib/http-body';
import { parseJsonStream, stateAt, type StreamMessage, type TopicState } from './stream';

/** The archive could not be read: not reachable, too slow, or an HTTP error other than "no such file". */
export class LiveTimingUnavailable extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`F1 live-timing archive unavailable (${url}): ${reason}`);
    this.name = 'LiveTimingUnavailable';
  }
}

/** The archive answered with something that is not one of its files: not JSON, or larger than the cap. */
export class LiveTimingMalformed extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`F1 live-timing archive file malformed (${url}): ${reason}`);
    this.name = 'LiveTimingMalformed';
  }
}

/** A reader of `{baseUrl}/static/{path}`; paths are relative to static/, e.g. "2025/Index.json". */
export type ArchiveClient = {
  readonly baseUrl: string;
  /**
   * The file's text (UTF-8, without a byte-order mark); undefined when the archive has no such file. With a budget,
   * its bytes count against it too (the files of one replay, in all).
   */
  text(path: string, budget?: SharedBudget): Promise<string | undefined>;
  /** Whether the archive has the file, without downloading it. */
  has(path: string): Promise<boolean>;
};

export type ArchiveClientOptions = {
  baseUrl: string;
  /** How long one request may take, answer included. */
  timeoutMs?: number;
  /** A file larger than this is refused. A race's TimingData.jsonStream is a few megabytes. */
  maxBytes?: number;
  fetch?: typeof fetch;
};

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const USER_AGENT = 'Slipstream live-timing archive reader';

export function createArchiveClient(options: ArchiveClientOptions): ArchiveClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const fetchFn = options.fetch ?? fetch;

  async function request(path: string, method: 'GET' | 'HEAD'): Promise<{ url: string; response: Response | undefined; signal: AbortSignal }> {
    const url = `${baseUrl}/static/${archivePath(path)}`;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetchFn(url, { method, signal, headers: { 'user-agent': USER_AGENT } });
      // The archive (S3 behind a CDN) answers 403 for a file that does not exist, as well as 404.
      if (response.status === 404 || response.status === 403) {
        await response.body?.cancel();
        return { url, response: undefined, signal };
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new LiveTimingUnavailable(url, `HTTP ${response.status}`);
      }
      return { url, response, signal };
    } catch (error) {
      throw unavailable(url, error, signal, timeoutMs);
    }
  }

  return {
    baseUrl,
    async has(path) {
      return (await request(path, 'HEAD')).response !== undefined;
    },
    async text(path, budget) {
      const { url, response, signal } = await request(path, 'GET');
      if (!response) return undefined;
      try {
        const tooLarge = () =>
          new LiveTimingMalformed(url, budget ? `larger than ${maxBytes} bytes, or the session's files than ${budget.maxBytes} in all: refused` : `larger than ${maxBytes} bytes: refused`);
        const bytes = await readCapped(response, maxBytes, tooLarge, budget);
        return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
      } catch (error) {
        throw unavailable(url, error, signal, timeoutMs);
      }
    },
  };
}

/** A path under static/, each segment URL-encoded; one that climbs out (".."), is absolute or empty is refused. */
function archivePath(path: string): string {
  const segments = path.split('/').filter((segment, index, all) => segment !== '' || index === all.length - 1);
  if (path.startsWith('/') || segments.length === 0 || segments.some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`Not an archive path: ${path}`);
  }
  return segments.map(encodeURIComponent).join('/');
}

function unavailable(url: string, error: unknown, signal: AbortSignal, timeoutMs: number): Error {
  if (error instanceof LiveTimingUnavailable || error instanceof LiveTimingMalformed) return error;
  if (signal.aborted) return new LiveTimingUnavailable(url, `no answer within ${timeoutMs} ms`);
  return new LiveTimingUnavailable(url, describeNetworkError(error));
}

/** A JSON file of the archive (Index.json, {Topic}.json); undefined when there is none. */
export async function readArchiveJson(client: ArchiveClient, path: string): Promise<unknown> {
  const text = await client.text(path);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new LiveTimingMalformed(`${client.baseUrl}/static/${path}`, `not JSON: ${(error as Error).message}`);
  }
}

/** A topic's messages from `{sessionPath}{topic}.jsonStream`; unreadable lines are skipped and reported. */
export type TopicStream<Delta = unknown> = { messages: StreamMessage<Delta>[]; problems: string[] };

/** A topic's stream, its deltas parsed (or as readDelta reads them, parseJsonStream). */
export async function readTopicStream<Delta = unknown>(
  client: ArchiveClient,
  sessionPath: string,
  topic: string,
  options: { budget?: SharedBudget; readDelta?: (json: string) => Delta } = {},
): Promise<TopicStream<Delta> | undefined> {
  const path = `${sessionPath}${topic}.jsonStream`;
  const text = await client.text(path, options.budget);
  if (text === undefined) return undefined;
  const { messages, errors } = parseJsonStream<Delta>(text, options.readDelta);
  if (messages.length === 0 && errors.length > 0) {
    throw new LiveTimingMalformed(`${client.baseUrl}/static/${path}`, `no readable line (line ${errors[0]!.line}: ${errors[0]!.reason})`);
  }
  return { messages, problems: errors.map((error) => `${topic}.jsonStream line ${error.line}: ${error.reason}`) };
}

/** A topic's final state: `{topic}.json` when the archive has it, else every line of `{topic}.jsonStream` applied in order. */
export async function readTopic(client: ArchiveClient, sessionPath: string, topic: string): Promise<TopicState> {
  const final = await readArchiveJson(client, `${sessionPath}${topic}.json`);
  if (final !== undefined) return final;
  const stream = await readTopicStream(client, sessionPath, topic);
  return stream && stateAt(stream.messages);
}
