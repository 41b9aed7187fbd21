import { sessionKey, type OfficialClassifications, type Placed } from './differences';
import { buildF1Rows, f1Tables, type F1Rows, type F1TableName } from './rows';
import { F1dbImportError, readF1dbSource, type F1dbSource } from './source';
import { stagingBatches } from './sync';
import { startWorkerScript } from '../../lib/worker-script';

/**
 * The reading thread's heap limit: F1DB's full tree (2026) needs between 192 and 256 MB. A limit of its own, apart
 * from the server's, so that a tree far larger than F1DB's fails its import and not the server.
 */
const READ_WORKER_LIMITS = { maxOldGenerationSizeMb: 512 };

/** What an import writes, read from an F1DB tree and checked, in a form that crosses threads as text. */
export type PreparedImport = {
  /** "v6.5.0+<first 12 hex digits of the content hash>": the F1DB schema version and the exact data. */
  version: string;
  /** The newest day with results in the data (YYYY-MM-DD). */
  dataDate: string;
  /** Rows per table. */
  counts: Record<F1TableName, number>;
  /** Per table, its rows as staging batches (JSON text, see syncStagedTable). */
  batches: Record<F1TableName, string[]>;
  official: OfficialClassifications;
};

/**
 * Reads, validates and converts the F1DB tree at dir: seconds of synchronous work, which the import runs in a
 * thread of its own (prepareInWorker). A bad or missing file throws an F1dbImportError naming file and field.
 */
export function prepareF1dbImport(dir: string): PreparedImport {
  const source = readF1dbSource(dir);
  const rows = buildF1Rows(source);
  const tableNames = Object.keys(f1Tables) as F1TableName[];
  return {
    version: `${source.schemaVersion}+${source.contentHash.slice(0, 12)}`,
    dataDate: newestResultDate(source, rows),
    counts: Object.fromEntries(tableNames.map((name) => [name, rows[name].length])) as Record<F1TableName, number>,
    batches: Object.fromEntries(tableNames.map((name) => [name, stagingBatches(f1Tables[name], rows[name])])) as Record<F1TableName, string[]>,
    official: {
      raceResults: placedBySession(rows.raceResults),
      qualifyingResults: placedBySession(rows.qualifyingResults),
      practiceResults: placedBySession(rows.practiceResults),
    },
  };
}

function placedBySession(rows: readonly Placed[]): Map<string, string> {
  const bySession = new Map<string, Placed[]>();
  for (const { raceId, session, driverId, positionText, points } of rows) {
    const key = sessionKey({ raceId, session });
    if (!bySession.has(key)) bySession.set(key, []);
    bySession.get(key)!.push({ raceId, session, driverId, positionText, points });
  }
  return new Map([...bySession].map(([key, placed]) => [key, JSON.stringify(placed)]));
}

/**
 * How current the data is: the day of the newest session that has results (file dates say nothing,
 * a checkout rewrites them). A race weekend still in progress counts up to its last classified session.
 */
function newestResultDate(source: F1dbSource, rows: F1Rows): string {
  const sessionDates = new Map(rows.raceSessions.map((session) => [`${session.raceId}/${session.kind}`, session.date]));
  let newest = '';
  for (const { races: seasonRaces } of source.seasons) {
    for (const { race, raceResults, sprintResults, qualifying, practice } of seasonRaces) {
      const sessions = [...(raceResults ? ['RACE'] : []), ...(sprintResults ? ['SPRINT'] : []), ...Object.keys(qualifying), ...Object.keys(practice)];
      for (const session of sessions) {
        const date = sessionDates.get(`${race.data.id}/${session}`) ?? race.data.date;
        if (date > newest) newest = date;
      }
    }
  }
  if (!newest) throw new F1dbImportError('data/seasons', undefined, 'no race has results');
  return newest;
}

export type ReadWorkerData = { dir: string };

/** What the reading thread (f1db-read-worker.ts) sends. */
export type ReadWorkerMessage =
  | { type: 'table'; table: F1TableName; batches: string[] }
  | { type: 'done'; prepared: Omit<PreparedImport, 'batches'> }
  /** `file` names the F1DB file when the tree was at fault (an F1dbImportError). */
  | { type: 'failed'; file?: string; field?: string; problem: string };

/** prepareF1dbImport in a worker thread, so that the server keeps answering while the tree is read. */
export function prepareInWorker(dir: string): Promise<PreparedImport> {
  return new Promise((resolve, reject) => {
    const batches: Partial<PreparedImport['batches']> = {};
    let settled = false;
    const worker = startWorkerScript(import.meta.url, 'f1db-read-worker', { workerData: { dir } satisfies ReadWorkerData, resourceLimits: READ_WORKER_LIMITS });
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    worker.on('message', (message: ReadWorkerMessage) => {
      if (message.type === 'table') batches[message.table] = message.batches;
      else if (message.type === 'done') settle(() => resolve({ ...message.prepared, batches: batches as PreparedImport['batches'] }));
      else settle(() => reject(message.file ? new F1dbImportError(message.file, message.field, message.problem) : new Error(message.problem)));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`The F1DB reading thread stopped (exit code ${code}) before it finished`))));
  });
}
