/** Times as F1DB writes them: "1:12.386", "36:37.647", "1:43:44.291"; gaps "+0.672", "+1:00.621", "+1 lap". */

/** "1:12.386", "72.386", "+0.672" or "1:43:44.291" as milliseconds; undefined for anything else ("", "1L", "LAP 51"). */
export function parseTime(text: string | undefined): number | undefined {
  const match = /^\+?(?:(?:(\d+):)?(\d{1,2}):)?(\d{1,2})\.(\d{3})$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const [hours, minutes, seconds, millis] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number];
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
}

/** Milliseconds as "59.123", "1:12.386" or "1:43:44.291". */
export function formatTime(ms: number): string {
  const millis = String(ms % 1000).padStart(3, '0');
  const totalSeconds = Math.floor(ms / 1000);
  const seconds = totalSeconds % 60;
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const hours = Math.floor(totalSeconds / 3600);
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${millis}`;
  if (minutes > 0) return `${minutes}:${String(seconds).padStart(2, '0')}.${millis}`;
  return `${seconds}.${millis}`;
}

export function formatGap(ms: number): string {
  return `+${formatTime(ms)}`;
}

export function formatLapsBehind(laps: number): string {
  return `+${laps} ${laps === 1 ? 'lap' : 'laps'}`;
}

/** The laps in a live-timing gap such as "1L" or "+2L"; undefined for a time gap. */
export function parseLapsBehind(text: string | undefined): number | undefined {
  const match = /^\+?(\d+)\s*L$/i.exec(text?.trim() ?? '');
  return match ? Number(match[1]) : undefined;
}
