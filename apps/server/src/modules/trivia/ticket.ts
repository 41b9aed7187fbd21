import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A round id is a signed ticket: which data (import id and last race counted) and which seed made the round.
 * The server rebuilds the round from it to check an answer, so nothing is stored per round, any instance can
 * answer, and the answers never travel to the browser before they are given. The signature keeps callers
 * from choosing their own cutoffs (each would fill the cache with new fact pools).
 */
export type RoundTicket = { dataVersion: number; cutoffRaceId: number; seed: number };

export type TicketSigner = {
  issue(ticket: RoundTicket): string;
  /** The ticket, or null when the id was not issued with this secret. */
  read(roundId: string): RoundTicket | null;
};

export function ticketSigner(secret: string): TicketSigner {
  // A key of its own, so a round signature can never stand in for anything else signed with the secret.
  const key = createHmac('sha256', secret).update('slipstream:trivia-round').digest();
  const signature = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);

  return {
    issue({ dataVersion, cutoffRaceId, seed }) {
      const payload = Buffer.from(`${dataVersion}.${cutoffRaceId}.${seed}`).toString('base64url');
      return `${payload}.${signature(payload).toString('base64url')}`;
    },
    read(roundId) {
      const [payload, mac] = roundId.split('.');
      if (!payload || !mac) return null;
      const given = Buffer.from(mac, 'base64url');
      const expected = signature(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const parts = Buffer.from(payload, 'base64url').toString().split('.').map(Number);
      const [dataVersion, cutoffRaceId, seed] = parts;
      if (parts.length !== 3 || !parts.every(Number.isSafeInteger)) return null;
      return { dataVersion: dataVersion!, cutoffRaceId: cutoffRaceId!, seed: seed! };
    },
  };
}
