import fs from 'node:fs';
import path from 'node:path';

/**
 * The full F1DB source tree: F1DB_DIR, else ../shared/data/f1db/src beside the repository, else the release a first
 * start of the server downloaded (data/f1db-releases/current), as the server's tests find it.
 */
export function sharedF1dbTree(root: string): string {
  if (process.env.F1DB_DIR) return path.resolve(process.env.F1DB_DIR);
  const beside = path.join(root, '../shared/data/f1db/src');
  const downloaded = path.join(root, 'data/f1db-releases/current');
  return fs.existsSync(beside) || !fs.existsSync(downloaded) ? beside : downloaded;
}

/** The files of a round F1DB holds before the weekend's sprint: the practice and the sprint's qualifying. */
const BEFORE_THE_SPRINT = ['race.yml', 'free-practice-1-results.yml', 'sprint-qualifying-results.yml', 'sprint-starting-grid-positions.yml'];

/**
 * Copies the shared F1DB tree into dir with only the given seasons (every other folder whole), to import quickly.
 * With `asBefore`, the season is cut as F1DB stood just before that round's sprint: that round keeps only what
 * BEFORE_THE_SPRINT lists, later rounds only their race.yml, and the season's own standings files are gone.
 */
export function writeF1dbTree(from: string, dir: string, options: { seasons: number[]; asBefore?: { season: number; round: number } }): void {
  fs.cpSync(from, dir, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(from, source).split(path.sep);
      if (relative[0] !== 'data' || relative[1] !== 'seasons' || relative.length < 3) return true;
      const season = Number(relative[2]);
      if (!options.seasons.includes(season)) return false;
      const cut = options.asBefore;
      if (!cut || season !== cut.season) return true;
      if (relative.length === 4) return !/standings\.yml$/.test(relative[3]!);
      if (relative[3] !== 'races' || relative.length < 6) return true;
      const round = Number(relative[4]!.slice(0, 2));
      const file = relative[5]!;
      if (round < cut.round) return true;
      return round === cut.round ? BEFORE_THE_SPRINT.includes(file) : file === 'race.yml';
    },
  });
}
