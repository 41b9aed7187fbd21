/**
 * Runs work once the browser has nothing more urgent: after the first page is shown. For start-up chores
 * that touch browser storage, which is slow to open the first time.
 */
export function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => work());
  else setTimeout(work, 0);
}
