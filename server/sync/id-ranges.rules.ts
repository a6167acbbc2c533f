/**
 * Integer attendee ids are unique across every node of a venue: a node's own registrations take ids below
 * `FIRST_GRANTED_ID` (the database picks the next one), and a hub grants its replicas blocks above it, so a kiosk
 * can register people while cut off and the ids it answers with stay valid after sync.
 */
export const FIRST_GRANTED_ID = 2 ** 40;

/** A replica's block: more registrations than a kiosk takes in an event. */
export const GRANTED_BLOCK_SIZE = 100_000;

/** A replica asks for a new block once this much of its block is left. */
export const REFILL_BELOW = GRANTED_BLOCK_SIZE / 2;

export function needsRefill(next: number | null, to: number | null): boolean {
  return next === null || to === null || to - next < REFILL_BELOW;
}
