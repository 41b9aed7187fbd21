import { tokenSigner } from '../../lib/signed-token';

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
  const signer = tokenSigner(secret, 'trivia-round');
  return {
    issue: ({ dataVersion, cutoffRaceId, seed }) => signer.sign([dataVersion, cutoffRaceId, seed]),
    read(roundId) {
      const parts = signer.read(roundId)?.map(Number);
      if (!parts || parts.length !== 3 || !parts.every(Number.isSafeInteger)) return null;
      const [dataVersion, cutoffRaceId, seed] = parts;
      return { dataVersion: dataVersion!, cutoffRaceId: cutoffRaceId!, seed: seed! };
    },
  };
}
