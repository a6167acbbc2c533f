/**
 * Correcting a kiosk's op times with the hub's clock. At each sync the hub notes, for the kiosk's current boot,
 * its own time against the kiosk's monotonic clock (an anchor). An op made in a boot with an anchor gets the hub's
 * time through the monotonic clock, which no wall-clock error or step can move. An op from a boot the hub never
 * measured (the kiosk restarted while cut off) only has its wall time, shifted by the kiosk's last known offset:
 * how wrong that is nobody knows, so it is flagged.
 */

/**
 * A kiosk's own reading of an op's time stands when it agrees with the hub's measure this closely: the anchor is no
 * more exact than that (it carries the latency of the request that set it), and a time kept is one the kiosk reads
 * back unchanged, so a drained kiosk confirms its facts without making its people's rows again.
 */
export const CLOCK_AGREEMENT_MS = 100;

/** A time more uncertain than this is flagged for staff. */
export const MAX_CERTAIN_ERROR_MS = 30_000;

export interface ClockAnchor {
  /** The hub's clock (Unix ms) when the kiosk's monotonic clock read `monoMs`. */
  hubMs: number;
  monoMs: number;
}

export interface OpTime {
  wallMs: number;
  monoMs: number;
  bootId: string;
}

export interface CorrectedTime {
  atMs: number;
  /** More than `MAX_CERTAIN_ERROR_MS` off, perhaps. */
  uncertain: boolean;
}

/** How far back an op's time may lie: a kiosk cut off for longer than this is more wrong than late. */
export const MAX_OP_AGE_MS = 366 * 24 * 60 * 60_000;
/** How far ahead of the hub's clock an op's time may lie: clocks of one venue agree better than this. */
export const MAX_OP_LEAD_MS = 60_000;

/** The time measured through the anchor, or the kiosk's own reading where the two agree (`CLOCK_AGREEMENT_MS`). */
const measuredOrOwn = (measuredMs: number, wallMs: number): number =>
  Math.abs(measuredMs - wallMs) <= CLOCK_AGREEMENT_MS ? wallMs : measuredMs;

/**
 * The op's time on the hub's clock. `anchor` is the hub's reading of the op's boot, if any; `offsetMs` the
 * kiosk's latest wall-clock offset (hub minus kiosk), used when there is none. A time outside what can be (from a
 * year before `hubMs` to a minute after it; any number a device sends, however large) is brought inside and flagged:
 * the op still applies, at a time that can be shown.
 */
export function correctOpTime(
  op: OpTime,
  anchor: ClockAnchor | null,
  offsetMs: number | null,
  hubMs: number,
): CorrectedTime {
  const corrected = anchor
    ? {
        atMs: measuredOrOwn(Math.round(anchor.hubMs - (anchor.monoMs - op.monoMs)), op.wallMs),
        uncertain: false,
      }
    : { atMs: op.wallMs + (offsetMs ?? 0), uncertain: true };
  const earliest = hubMs - MAX_OP_AGE_MS;
  const latest = hubMs + MAX_OP_LEAD_MS;
  if (!Number.isFinite(corrected.atMs) || corrected.atMs < earliest || corrected.atMs > latest) {
    const atMs = Number.isFinite(corrected.atMs)
      ? Math.min(latest, Math.max(earliest, corrected.atMs))
      : hubMs;
    return { atMs: Math.round(atMs), uncertain: true };
  }
  return corrected;
}
