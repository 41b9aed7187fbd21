import type { Db } from './db-type';

/**
 * Tells its listeners after every write made through the database has committed: a transaction that committed,
 * and a statement run outside one that is not a plain read (db.execute of an UPDATE as much as an insert builder).
 * The data revision (lib/cache/revision.ts) listens, so no cached read outlives a write of this process.
 */
export type Commits = {
  subscribe(listener: () => void): () => void;
  /** A write made past db (a local command through the embedded database's socket) has committed. */
  announce(): void;
};

/** Makes db announce its commits: its transactions, and the statements it prepares outside them. */
export function watchCommits(db: Db): Commits {
  const commits = commitSignal();
  announceTransactions(db, commits.announce);
  announceStatements(db, commits.announce);
  return commits;
}

/** Commits announced by hand. */
export function commitSignal(): Commits {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce() {
      for (const listener of [...listeners]) listener();
    },
  };
}

/** A rollback changes nothing: only a transaction that resolved (committed) is announced. */
function announceTransactions(db: Db, announce: () => void) {
  const transaction = db.transaction.bind(db);
  db.transaction = async (run, config) => {
    const result = await transaction(run, config);
    announce();
    return result;
  };
}

type Prepared = { getQuery(): { sql: string } } & Partial<Record<(typeof RUNNING_METHODS)[number], (...args: unknown[]) => Promise<unknown>>>;
/** What a drizzle prepared query runs with. */
const RUNNING_METHODS = ['execute', 'all', 'values'] as const;

/**
 * Every statement db runs outside a transaction is prepared by its session (query builders, db.execute, relational
 * queries); a transaction runs on a session of its own, announced as a whole when it commits.
 */
function announceStatements(db: Db, announce: () => void) {
  const session = db._.session as unknown as { prepareQuery(...args: unknown[]): Prepared };
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (...args) => {
    const prepared = prepareQuery(...args);
    if (isPlainRead(prepared.getQuery().sql)) return prepared;
    for (const method of RUNNING_METHODS) {
      const run = prepared[method]?.bind(prepared);
      if (!run) continue;
      prepared[method] = async (...runArgs) => {
        const result = await run(...runArgs);
        announce();
        return result;
      };
    }
    return prepared;
  };
}

const READ_STATEMENT = /^[\s(]*(select|show|explain|values)\b/i;
const WITH_STATEMENT = /^\s*with\b/i;
const WRITING_WORD = /\b(insert|update|delete|merge|truncate)\b/i;

/** A statement that cannot change data; anything else counts as a write (a wrong guess only costs cached reads). */
export function isPlainRead(statement: string): boolean {
  if (READ_STATEMENT.test(statement)) return true;
  return WITH_STATEMENT.test(statement) && !WRITING_WORD.test(statement);
}
