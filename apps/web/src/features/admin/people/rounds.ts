/** "1-3, 5" → [1, 2, 3, 5]; null when the text is not a list of rounds and ranges. */
export function parseRounds(text: string): number[] | null {
  const rounds = new Set<number>();
  const parts = text.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) return null;
  for (const part of parts) {
    const range = /^(\d{1,2})(?:\s*[-–]\s*(\d{1,2}))?$/.exec(part);
    if (!range) return null;
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    if (from < 1 || to < from) return null;
    for (let round = from; round <= to; round++) rounds.add(round);
  }
  return [...rounds].sort((a, b) => a - b);
}

/** [1, 2, 3, 5] → "1-3, 5". */
export function formatRounds(rounds: number[]): string {
  const sorted = [...new Set(rounds)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    while (sorted[i + 1] === sorted[i]! + 1) i++;
    ranges.push(start === sorted[i] ? String(start) : `${start}-${sorted[i]}`);
  }
  return ranges.join(', ');
}
