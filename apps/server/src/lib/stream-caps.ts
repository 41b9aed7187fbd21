import { addressGroup } from './client-address';
import { HttpError } from './errors';

/** How many long-lived streams (server-sent events) one process keeps open: per client address and in all. */
export type StreamCaps = { perAddress: number; total: number };

/** Seconds a refused client is asked to wait before it tries again. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Counts the open streams of this process, so that one client cannot take every file handle (and with them the
 * whole server): a stream takes a slot while it is open and gives it back when it closes. Past the per-address cap
 * a new stream is refused with 429, past the total with 503, each with Retry-After. Addresses count as the other
 * per-address limits do (an IPv6 /64 is one).
 */
export function streamSlots(caps: StreamCaps) {
  const openByAddress = new Map<string, number>();
  let open = 0;
  return {
    /** Takes a slot for a stream from this client address, or throws the refusal; call the answer when it closes. */
    take(ip: string): () => void {
      const address = addressGroup(ip);
      const fromAddress = openByAddress.get(address) ?? 0;
      if (fromAddress >= caps.perAddress) {
        throw new HttpError(429, `Too many open event streams from your address (at most ${caps.perAddress}). Close some pages and try again.`, {
          headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
        });
      }
      if (open >= caps.total) {
        throw new HttpError(503, 'The server has too many open event streams; try again shortly', { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
      }
      openByAddress.set(address, fromAddress + 1);
      open += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open -= 1;
        const left = (openByAddress.get(address) ?? 1) - 1;
        if (left === 0) openByAddress.delete(address);
        else openByAddress.set(address, left);
      };
    },
  };
}

export type StreamSlots = ReturnType<typeof streamSlots>;
