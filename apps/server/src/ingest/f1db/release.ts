import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import * as tar from 'tar';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { localJobLock, type JobLock } from '../../lib/job-lock';
import { describeFailure, readSourceStatus, recordSourceStatus } from '../source-status';
import { F1dbImportError, hasF1Data, importF1db, type ImportSummary } from './index';

/** The fields of GitHub's release document we use. */
const releaseDocument = z.object({
  tag_name: z.string().min(1).max(100),
  tarball_url: z.url({ protocol: /^https?$/ }),
  published_at: z.string().nullish(),
});
export type F1dbRelease = { tag: string; archiveUrl: string; publishedAt: string | null };

/** Limits on what a release may be: the download, the unpacked files and how many. F1DB's source is about 15 MB packed, 100 MB and 17,000 files unpacked. */
export const RELEASE_LIMITS = { archiveBytes: 256 * 1024 * 1024, unpackedBytes: 1024 * 1024 * 1024, files: 100_000 };

export class ReleaseUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ReleaseUnavailable';
  }
}

/** Where the release sync works, under DATA_DIR: it keeps the source tree of the release it imported last there. */
export function releaseWorkDir(dataDir: string): string {
  return path.join(dataDir, 'f1db-releases');
}

const IMPORTED_TREE = 'current';

/**
 * The F1DB tree to re-import: the release imported last when the sync has imported one, else F1DB_DIR, so a
 * re-import never takes the data back to an older tree.
 */
export function currentF1dbTree(config: { dataDir: string; f1dbDir: string }): string {
  const imported = path.join(releaseWorkDir(config.dataDir), IMPORTED_TREE);
  return fs.existsSync(path.join(imported, 'data')) ? imported : config.f1dbDir;
}

export type ReleaseSyncOptions = {
  db: Db;
  events?: EventBus;
  /** The GitHub API's latest-release document (F1DB_RELEASES_URL). */
  url: string;
  /** Where the archive is downloaded and unpacked (releaseWorkDir); the imported release's tree is kept there. */
  workDir: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  limits?: Partial<typeof RELEASE_LIMITS>;
  /** Import even when the release is the one imported last (the command line's --latest --force). */
  force?: boolean;
  /** Hears each step of a download and import, in a sentence (the first start logs them). */
  onProgress?: (step: string) => void;
};

export type ReleaseSyncResult =
  | { status: 'up-to-date'; release: F1dbRelease }
  | { status: 'imported'; release: F1dbRelease; summary: ImportSummary };

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Reads F1DB's latest release and, when it is not the release imported last, downloads that tag's source archive,
 * checks it (size, one top folder holding the src/ tree, then everything the importer checks) and imports it in one
 * transaction, recording the release with the data it brought. Throws ReleaseUnavailable when the source cannot be
 * reached or gives something else than a release, F1dbImportError when the data is not valid; nothing changes then.
 */
export async function syncLatestRelease(options: ReleaseSyncOptions): Promise<ReleaseSyncResult> {
  const release = await latestRelease(options);
  const known = (await readSourceStatus(options.db)).get('f1db-release');
  if (!options.force && known?.version === release.tag) return { status: 'up-to-date', release };

  const limits = { ...RELEASE_LIMITS, ...options.limits };
  const progress = options.onProgress ?? (() => undefined);
  fs.mkdirSync(options.workDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(options.workDir, 'release-'));
  try {
    const archive = path.join(work, 'source.tar.gz');
    progress(`Downloading F1DB ${release.tag} from ${release.archiveUrl}`);
    await download(options, release.archiveUrl, archive, limits.archiveBytes);
    progress(`Downloaded ${readableSize(fs.statSync(archive).size)}; unpacking`);
    const tree = path.join(work, 'tree');
    await unpackSourceTree(archive, tree, limits);
    const summary = await importF1db(options.db, {
      dir: tree,
      events: options.events,
      onProgress: ({ step, done, total }) => progress(`Importing F1DB ${release.tag}: ${step} (${done}/${total})`),
      // The release and the data it brought are recorded together, or neither is.
      withinTransaction: (tx) => recordSourceStatus(tx, 'f1db-release', { version: release.tag }),
    });
    keepImportedTree(tree, options.workDir);
    return { status: 'imported', release, summary };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function readableSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Replaces the kept tree with the one just imported (a rename within workDir, so never half of one). */
function keepImportedTree(tree: string, workDir: string) {
  const kept = path.join(workDir, IMPORTED_TREE);
  const previous = `${kept}.previous`;
  fs.rmSync(previous, { recursive: true, force: true });
  if (fs.existsSync(kept)) fs.renameSync(kept, previous);
  fs.renameSync(tree, kept);
  fs.rmSync(previous, { recursive: true, force: true });
}

async function latestRelease(options: ReleaseSyncOptions): Promise<F1dbRelease> {
  const response = await get(options, options.url, 'application/vnd.github+json');
  let document: unknown;
  try {
    document = await response.json();
  } catch (error) {
    throw new ReleaseUnavailable(`${options.url} did not answer JSON`, { cause: error });
  }
  const parsed = releaseDocument.safeParse(document);
  if (!parsed.success) throw new ReleaseUnavailable(`${options.url} did not answer a release document (tag_name and tarball_url)`);
  return { tag: parsed.data.tag_name, archiveUrl: parsed.data.tarball_url, publishedAt: parsed.data.published_at ?? null };
}

async function get(options: ReleaseSyncOptions, url: string, accept: string): Promise<Response> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers: { accept, 'user-agent': 'slipstream-f1db-sync' },
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ReleaseUnavailable(`Could not reach ${url}`, { cause: error });
  }
  if (!response.ok) throw new ReleaseUnavailable(`${url} answered HTTP ${response.status}`);
  return response;
}

async function download(options: ReleaseSyncOptions, url: string, file: string, maxBytes: number): Promise<void> {
  const response = await get(options, url, 'application/gzip, application/x-gzip, application/octet-stream');
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new ReleaseUnavailable(`The release archive is ${declared} bytes, over the limit of ${maxBytes}`);
  if (!response.body) throw new ReleaseUnavailable(`${url} sent no archive`);
  let received = 0;
  const capped = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>).map((chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBytes) throw new ReleaseUnavailable(`The release archive is over the limit of ${maxBytes} bytes`);
    return chunk;
  });
  try {
    await pipeline(capped, fs.createWriteStream(file));
  } catch (error) {
    if (error instanceof ReleaseUnavailable) throw error;
    throw new ReleaseUnavailable(`The release archive could not be downloaded from ${url}`, { cause: error });
  }
}

/**
 * Unpacks the src/ tree of a GitHub source archive (one top folder, "f1db-f1db-<commit>/", holding the repository)
 * into dir: only plain files and folders, nothing outside dir, within the size and file limits.
 */
export async function unpackSourceTree(archive: string, dir: string, limits: typeof RELEASE_LIMITS): Promise<void> {
  const tops = new Set<string>();
  let bytes = 0;
  let files = 0;
  try {
    await tar.t({
      file: archive,
      // Bytes that are no tar archive are an error, not an empty listing.
      strict: true,
      onReadEntry: (entry) => {
        if (entry.type === 'GlobalExtendedHeader' || entry.type === 'ExtendedHeader') return;
        tops.add(entry.path.split('/')[0]!);
        bytes += entry.size ?? 0;
        files += 1;
      },
    });
  } catch (error) {
    throw new ReleaseUnavailable('The release archive is not a gzip tar archive', { cause: error });
  }
  if (tops.size !== 1) throw new ReleaseUnavailable(`The release archive should hold one top folder, not ${tops.size}`);
  if (bytes > limits.unpackedBytes || files > limits.files) {
    throw new ReleaseUnavailable(`The release archive unpacks to ${files} files and ${bytes} bytes, over the limits (${limits.files} files, ${limits.unpackedBytes} bytes)`);
  }
  const [top] = tops;
  fs.mkdirSync(dir, { recursive: true });
  await tar.x({
    file: archive,
    cwd: dir,
    strip: 2,
    filter: (entryPath, entry) => entryPath.startsWith(`${top}/src/`) && 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
  });
  if (!fs.existsSync(path.join(dir, 'data')) || !fs.existsSync(path.join(dir, 'schema'))) {
    throw new ReleaseUnavailable('The release archive has no F1DB source tree (src/data and src/schema)');
  }
}

export type ReleaseSyncJob = {
  /** Checks the latest release now (the admin's "Check now"); one check at a time. */
  checkNow(): Promise<ReleaseSyncResult | undefined>;
  /** Checks when due (6 hours after the last check, as recorded; at once without F1 data), then every 6 hours, until stopped. */
  start(): void;
  stop(): Promise<void>;
};

const SIX_HOURS = 6 * 60 * 60_000;

/**
 * The F1DB release sync as a job: each check writes the source's status (release imported, last check, next
 * check, last success, last error), and a source that cannot be reached changes nothing but the status.
 */
export function createReleaseSyncJob(
  options: Omit<ReleaseSyncOptions, 'force'> & {
    log: { info(o: object, m: string): void; warn(o: object, m: string): void };
    everyMs?: number;
    /** Several instances: the one holding the lock checks, the others leave it (and its status) to it. */
    lock?: JobLock;
  },
): ReleaseSyncJob {
  const everyMs = options.everyMs ?? SIX_HOURS;
  const lock = options.lock ?? localJobLock;
  let running: Promise<ReleaseSyncResult | undefined> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let scheduled = false;

  // One line without a stack for a source that cannot be reached or data that is not valid: both are expected.
  const logFailure = async (error: unknown, next: Date) => {
    const expected = error instanceof ReleaseUnavailable || error instanceof F1dbImportError;
    const nextTry = scheduled ? `next try at ${next.toISOString()}` : 'next try at the next start';
    const loaded = await hasF1Data(options.db).catch(() => true);
    const message = loaded
      ? `F1DB release sync failed: ${describeFailure(error)}; the data is unchanged, ${nextTry}`
      : `F1 data is not loaded yet: ${describeFailure(error)}; ${nextTry}`;
    options.log.warn(expected ? {} : { err: error }, message);
  };

  const check = async (): Promise<ReleaseSyncResult | undefined> => {
    const startedAt = new Date();
    const next = new Date(startedAt.getTime() + everyMs);
    try {
      const result = await syncLatestRelease(options);
      const detail =
        result.status === 'imported'
          ? `Imported ${result.release.tag} (${result.summary.changedRows} rows changed, ${result.summary.differences} provisional results corrected).`
          : `Up to date with ${result.release.tag}.`;
      options.log.info({ release: result.release.tag, status: result.status }, 'F1DB release checked');
      await recordSourceStatus(options.db, 'f1db-release', { detail, lastCheckAt: startedAt, nextCheckAt: next, lastSuccessAt: new Date() });
      return result;
    } catch (error) {
      await logFailure(error, next);
      await recordSourceStatus(options.db, 'f1db-release', {
        detail: 'The last check failed; the data is unchanged.',
        lastCheckAt: startedAt,
        nextCheckAt: next,
        lastError: describeFailure(error),
        lastErrorAt: new Date(),
      }).catch(() => undefined);
      return undefined;
    }
  };

  const checkAlone = async () => {
    const outcome = await lock.runAlone('f1db-release', check);
    if (outcome.ran) return outcome.value;
    options.log.info({}, 'F1DB release check left to the instance already running it');
    return undefined;
  };

  const once = () => {
    running ??= checkAlone().finally(() => {
      running = undefined;
    });
    return running;
  };

  const waitThenCheck = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => void once().finally(() => waitThenCheck(everyMs)), delayMs);
    timer.unref();
  };

  return {
    checkNow: once,
    start() {
      stopped = false;
      scheduled = true;
      void Promise.all([readSourceStatus(options.db), hasF1Data(options.db)]).then(
        ([statuses, loaded]) => {
          const last = statuses.get('f1db-release')?.lastCheckAt?.getTime();
          // Without F1 data (a first start, or one after a failed first download) the check is due at once.
          waitThenCheck(last === undefined || !loaded ? 0 : Math.max(0, last + everyMs - Date.now()));
        },
        () => waitThenCheck(0),
      );
    },
    async stop() {
      stopped = true;
      scheduled = false;
      clearTimeout(timer);
      await running;
    },
  };
}
