/** Milliseconds as a lap time: "1:47.192", "59.123". */
export function lapTime(ms: number | null): string {
  if (ms === null) return '–';
  const minutes = Math.floor(ms / 60_000);
  const seconds = ((ms % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return minutes > 0 ? `${minutes}:${seconds}` : String(Number(seconds).toFixed(3));
}

/** Milliseconds as a gap in seconds: "+12.345". */
export function gap(ms: number | null): string {
  return ms === null ? '–' : `+${(ms / 1000).toFixed(3)}`;
}

/** Milliseconds as seconds with one decimal: "20.3 s". */
export function seconds(ms: number | null): string {
  return ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`;
}

const COMPOUND_NAMES: Record<string, string> = {
  SOFT: 'Soft',
  MEDIUM: 'Medium',
  HARD: 'Hard',
  INTERMEDIATE: 'Intermediate',
  WET: 'Wet',
  HYPERSOFT: 'Hypersoft',
  ULTRASOFT: 'Ultrasoft',
  SUPERSOFT: 'Supersoft',
  SUPERHARD: 'Superhard',
};

export function compoundName(compound: string | null): string {
  return compound ? (COMPOUND_NAMES[compound] ?? compound.toLowerCase()) : 'Unknown';
}

const SESSION_NAMES: Record<string, string> = {
  FREE_PRACTICE_1: 'Practice 1',
  FREE_PRACTICE_2: 'Practice 2',
  FREE_PRACTICE_3: 'Practice 3',
  SPRINT_QUALIFYING: 'Sprint qualifying',
  SPRINT: 'Sprint',
  QUALIFYING: 'Qualifying',
  RACE: 'Race',
};

export function sessionName(session: string): string {
  return SESSION_NAMES[session] ?? session.toLowerCase().replaceAll('_', ' ');
}
