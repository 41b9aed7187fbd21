import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import type { RaceResultRow } from './classification';

/**
 * The tiny F1DB fixture's 2024 Chinese weekend (race id 3: sprint on Saturday, race on Sunday 07:00 UTC), as the
 * tests of provisional results use it: F1DB before the race reached it, and the race as the archive gives it.
 */
export const tinyF1db = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../f1db/fixtures/tiny');
export const CHINA_2024 = 3;
const chinaFolder = 'data/seasons/2024/races/02-china';

/** The race and what F1DB adds with it: its results, fastest laps and standings. */
export const CHINA_RACE_FILES = ['race-results.yml', 'fastest-laps.yml', 'driver-standings.yml', 'constructor-standings.yml'];

/** A copy of the fixture tree without these files of the Chinese weekend; remove() deletes it. */
export function treeWithoutChina(files: string[]): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'f1db-before-china-'));
  fs.cpSync(tinyF1db, dir, { recursive: true });
  for (const file of files) fs.rmSync(path.join(dir, chinaFolder, file));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The rows of one of the Chinese weekend's files in the fixture. */
export function chinaRows<T>(file: string): T[] {
  return yaml.load(fs.readFileSync(path.join(tinyF1db, chinaFolder, file), 'utf8'), { schema: yaml.CORE_SCHEMA }) as T[];
}

/** The Chinese race's classification as the archive reader gives it: F1DB's rows without their points. */
export function archiveRaceRows(): RaceResultRow[] {
  return chinaRows<RaceResultRow>('race-results.yml').map(({ points: _points, ...row }) => row);
}

/** The same with Perez and Norris swapped, as if a penalty later changed the order. */
export function archiveRaceRowsBeforePenalty(): RaceResultRow[] {
  const [first, norris, perez, ...rest] = archiveRaceRows();
  return [first!, { ...perez!, position: 2 }, { ...norris!, position: 3 }, ...rest];
}
