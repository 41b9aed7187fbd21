/**
 * Runs work once the browser has nothing more urgent: after the first page is shown. For start-up chores
 * that touch browser storage, which is slow to open the first time.
 */
export function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => work());
  else setTimeout(work, 0);
}

type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a later task, so the browser can paint and answer input in between: `scheduler.yield()` where the
 * browser has it (it resumes ahead of other waiting tasks), else a timer.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
