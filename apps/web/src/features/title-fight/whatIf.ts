import { decodeWhatIf, encodeWhatIf, type EventKind, type WhatIfPick } from '@slipstream/contract';

/** The fan's picks keyed by event ("22" for round 22's race, "22s" for its sprint). */
export type Picks = Map<string, WhatIfPick>;

function eventKey(event: { round: number; kind: EventKind }): string {
  return `${event.round}${event.kind === 'SPRINT' ? 's' : ''}`;
}

export function readPicks(w: string | null): Picks {
  try {
    return new Map(decodeWhatIf(w ?? undefined).map((pick) => [eventKey(pick), pick]));
  } catch {
    return new Map();
  }
}

export function writePicks(picks: Picks): string {
  return encodeWhatIf([...picks.values()].sort((a, b) => a.round - b.round || (a.kind === 'SPRINT' ? -1 : 1)));
}

/** The picks with one event's finishing order replaced; a fastest lap outside the order is dropped. */
export function withOrder(picks: Picks, event: { round: number; kind: EventKind }, codes: string[], fastestLap: string | null): Picks {
  const next = new Map(picks);
  const lap = fastestLap && codes.includes(fastestLap) ? fastestLap : null;
  if (codes.length === 0) next.delete(eventKey(event));
  else next.set(eventKey(event), { round: event.round, kind: event.kind, codes, fastestLap: lap });
  return next;
}

/** Puts a driver at a place (0-based) in an order: taken from where they were, the places between move up. */
export function placeDriver(order: string[], code: string, place: number): string[] {
  const without = order.filter((c) => c !== code);
  return [...without.slice(0, place), code, ...without.slice(place)];
}

/** A driver moved one place up (-1) or down (+1). */
export function moveDriver(order: string[], place: number, by: -1 | 1): string[] {
  const target = place + by;
  if (target < 0 || target >= order.length) return order;
  const next = [...order];
  [next[place], next[target]] = [next[target]!, next[place]!];
  return next;
}

/** "X wins all": the driver first in every event still open (the fastest lap too where it scores), the rest of each order kept. */
export function winsAll(events: { round: number; kind: EventKind }[], picks: Picks, code: string, fastestLapScores: boolean): Picks {
  let next = picks;
  for (const event of events) {
    const current = picks.get(eventKey(event));
    const order = placeDriver(current?.codes ?? [], code, 0);
    next = withOrder(next, event, order, fastestLapScores && event.kind === 'RACE' ? code : (current?.fastestLap ?? null));
  }
  return next;
}
