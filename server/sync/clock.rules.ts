/**
 * Correcting a kiosk's op times with the hub's clock. At each sync the hub notes, for the kiosk's current boot,
 * its own time against the kiosk's monotonic clock (an anchor). An op made in a boot with an anchor gets the hub's
 * time through the monotonic clock, which no wall-clock error or step can move. An op from a boot the hub never
 * measured (the kiosk restarted while cut off) only has its wall time, shifted by the kiosk's last known offset:
 * how wrong that is nobody knows, so it is flagged.
 */

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

/**
 * The op's time on the hub's clock. `anchor` is the hub's reading of the op's boot, if any; `offsetMs` the
 * kiosk's latest wall-clock offset (hub minus kiosk), used when there is none.
 */
export function correctOpTime(
  op: OpTime,
  anchor: ClockAnchor | null,
  offsetMs: number | null,
): CorrectedTime {
  if (anchor) return { atMs: Math.round(anchor.hubMs - (anchor.monoMs - op.monoMs)), uncertain: false };
  return { atMs: op.wallMs + (offsetMs ?? 0), uncertain: true };
}
