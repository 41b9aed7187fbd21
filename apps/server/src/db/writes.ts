import type { Db } from './client';

/**
 * A mark per database that changes after every local write that may change what the read API answers: every
 * committed transaction (see announceCommits) and the few writes made outside one (noteWrite). Reads kept in
 * memory for a moment (lib/recent-read.ts) are only reused while the mark they were read under is current, so
 * this process sees its own writes at once; other instances see them when their short keep-time runs out.
 */
const marks = new WeakMap<Db, object>();

export function writeMark(db: Db): object {
  let mark = marks.get(db);
  if (!mark) {
    mark = {};
    marks.set(db, mark);
  }
  return mark;
}

/** A write was made (and is visible): reads made before it must not be reused. */
export function noteWrite(db: Db): void {
  marks.set(db, {});
}

/** Makes db.transaction() note a write once the transaction has committed (a rollback changes nothing). */
export function announceCommits(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const announcing: Db['transaction'] = async (run, config) => {
    const result = await transaction(run, config);
    noteWrite(db);
    return result;
  };
  db.transaction = announcing;
  return db;
}
