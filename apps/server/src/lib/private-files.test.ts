import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { closeDataDir, keepDataDirPrivate, openFoldersWarning } from './private-files';

/** Every folder and file under root with its permission bits. */
function modesUnder(root: string): Array<{ entry: string; mode: number; folder: boolean }> {
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).map((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return { entry: full, mode: fs.lstatSync(full).mode & 0o777, folder: entry.isDirectory() };
  });
}

describe('a private DATA_DIR', () => {
  const umaskBefore = process.umask();
  const made: string[] = [];
  const temporaryFolder = () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-private-'));
    made.push(folder);
    return folder;
  };
  afterEach(() => {
    process.umask(umaskBefore);
    for (const folder of made.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('creates DATA_DIR and the embedded database owner-only, folders 0700 and files 0600', async () => {
    process.umask(0o022);
    const dataDir = path.join(temporaryFolder(), 'data');
    keepDataDirPrivate(dataDir);
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await database.close();
    expect(closeDataDir(dataDir)).toEqual([]);
    fs.writeFileSync(path.join(dataDir, 'later.txt'), 'written after start-up');

    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const modes = modesUnder(dataDir);
    expect(modes.length).toBeGreaterThan(100);
    expect(modes.filter(({ folder, mode }) => mode !== (folder ? 0o700 : 0o600))).toEqual([]);
  });

  it('names the folders others could enter, then makes them and every file owner-only', () => {
    const dataDir = temporaryFolder();
    fs.chmodSync(dataDir, 0o755);
    const uploads = path.join(dataDir, 'uploads');
    fs.mkdirSync(uploads, { mode: 0o700 });
    fs.chmodSync(uploads, 0o755);
    fs.writeFileSync(path.join(uploads, 'photo.jpg'), 'x', { mode: 0o644 });
    const closed = path.join(dataDir, 'pglite');
    const behindClosed = path.join(closed, 'base');
    fs.mkdirSync(behindClosed, { recursive: true, mode: 0o700 });
    fs.chmodSync(behindClosed, 0o755);
    fs.writeFileSync(path.join(behindClosed, 'wal'), 'x', { mode: 0o666 });
    fs.chmodSync(path.join(behindClosed, 'wal'), 0o666);

    const folders = closeDataDir(dataDir);
    expect(folders).toEqual([dataDir, uploads]);
    expect(openFoldersWarning(folders)).toBe(
      `DATA_DIR was readable by other local users (account e-mails, sessions) until this start: ${dataDir}, ${uploads}. It is owner-only now; check who may have read or changed it.`,
    );
    expect(modesUnder(dataDir).filter(({ folder, mode }) => mode !== (folder ? 0o700 : 0o600))).toEqual([]);
    expect(closeDataDir(dataDir)).toEqual([]);
  });
});
