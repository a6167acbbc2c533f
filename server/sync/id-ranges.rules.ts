/**
 * Integer attendee ids are unique across every node of a venue: a node's own registrations take ids below
 * `FIRST_GRANTED_ID` (the database picks the next one), and a hub grants its replicas blocks above it, so a kiosk
 * can register people while cut off and the ids it answers with stay valid after sync.
 */
export const FIRST_GRANTED_ID = 2 ** 40;

/** A replica's block: more registrations than a kiosk takes in an event. */
export const GRANTED_BLOCK_SIZE = 100_000;

/**
 * A venue's hub following an online server gets blocks this big: its own registrations and the blocks it grants
 * its kiosks all come out of them, so ids stay unique across every venue of the online server.
 */
export const VENUE_BLOCK_SIZE = 100 * GRANTED_BLOCK_SIZE;

export const blockSizeFor = (kind: 'kiosk' | 'venue') =>
  kind === 'venue' ? VENUE_BLOCK_SIZE : GRANTED_BLOCK_SIZE;

/** A node asks for a new block once less than half of one is left. */
export function needsRefill(next: number | null, to: number | null, blockSize: number): boolean {
  return next === null || to === null || to - next < blockSize / 2;
}

/** The ids a replica draws at random from once its granted block ran out while its hub was away (sync/journal.ts). */
export const RANDOM_IDS_FROM = 2 ** 52;
export const RANDOM_IDS_TO = 2 ** 53;

/**
 * Whether a registration a device sent may carry this id: one of the blocks granted to it (`[from, to)`), or the
 * range a cut-off kiosk draws from at random. Any other id is another's to hand out (a hub's own, another
 * device's block, one not granted yet): a device that sends one is refused, so no row it plants can break the
 * hub's or another kiosk's registrations.
 */
export function isGrantedId(
  id: number,
  grants: readonly { from: number; to: number }[],
): 'granted' | 'random' | 'outside' {
  if (!Number.isSafeInteger(id)) return 'outside';
  if (grants.some((grant) => id >= grant.from && id < grant.to)) return 'granted';
  if (id >= RANDOM_IDS_FROM && id < RANDOM_IDS_TO) return 'random';
  return 'outside';
}
