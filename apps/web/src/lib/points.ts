const pointsFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1, useGrouping: false });

/** 423, or 12.5 for the half points of a shortened race. */
export function formatPoints(points: number): string {
  return pointsFormat.format(points);
}

/** A chart axis step among 1, 2, 2.5, 5 × 10ⁿ at or above `rough`; 5 at least, as points come in whole numbers. */
export function niceStep(rough: number): number {
  if (rough <= 5) return 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= rough)!;
  return step * magnitude;
}
