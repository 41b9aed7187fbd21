import fs from 'node:fs';
import path from 'node:path';

/** The permission bits of the group and of others: none of them may stay set under DATA_DIR. */
const NOT_OWNER = 0o077;
/** Group or others may enter a folder with one of these (execute) bits. */
const ENTER = 0o011;
/** A start-up pass must stay quick however many files DATA_DIR holds (PGlite keeps about a thousand). */
const MAX_ENTRIES = 50_000;
const MAX_FOLDERS_NAMED = 5;

/**
 * Makes everything this process creates from now on owner-only (umask 077: folders 0700, files 0600), and creates
 * DATA_DIR so. Call it before anything writes under DATA_DIR.
 */
export function keepDataDirPrivate(dataDir: string): void {
  process.umask(NOT_OWNER);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/**
 * Takes the group's and others' permissions off everything under DATA_DIR (DATA_DIR included) that still has
 * them: the files PGlite unpacks when it creates a database come with 0666 whatever the umask, and an earlier
 * version or an operator may have left folders open. Answers the folders that others could enter until now (the
 * ones a start-up warning names); files behind a folder others cannot enter were never readable, so a new
 * database reports nothing.
 */
export function closeDataDir(dataDir: string): string[] {
  const exposed: string[] = [];
  const pending = [{ folder: dataDir, reachable: true }];
  let visited = 0;
  while (pending.length > 0 && visited < MAX_ENTRIES) {
    const { folder, reachable } = pending.pop()!;
    const mode = fs.statSync(folder).mode;
    if (reachable && (mode & NOT_OWNER) !== 0) exposed.push(folder);
    const childrenReachable = reachable && (mode & ENTER) !== 0;
    tighten(folder, mode);
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      visited += 1;
      const entryPath = path.join(folder, entry.name);
      if (entry.isDirectory()) pending.push({ folder: entryPath, reachable: childrenReachable });
      else if (entry.isFile()) tighten(entryPath, fs.lstatSync(entryPath).mode);
    }
  }
  return exposed.sort();
}

function tighten(entryPath: string, mode: number): void {
  if ((mode & NOT_OWNER) !== 0) fs.chmodSync(entryPath, mode & 0o700);
}

/** The start-up warning about such folders, naming the first few. */
export function openFoldersWarning(folders: string[]): string {
  const named = folders.slice(0, MAX_FOLDERS_NAMED).join(', ');
  const more = folders.length > MAX_FOLDERS_NAMED ? ` and ${folders.length - MAX_FOLDERS_NAMED} more` : '';
  return `DATA_DIR was readable by other local users (account e-mails, sessions) until this start: ${named}${more}. It is owner-only now; check who may have read or changed it.`;
}
