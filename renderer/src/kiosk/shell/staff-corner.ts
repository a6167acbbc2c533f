/**
 * The hidden touch gesture to the staff screen: five taps within three seconds in the top-right corner of the
 * screen, where the kiosk draws nothing to press (its Back button is on the left). Attendees do not tap an empty
 * corner five times in a row; staff with no keyboard for the key chord can. It only opens the PIN prompt.
 */
export const STAFF_CORNER = {
  /** The corner's width and height, in CSS pixels: a fingertip lands inside it without aiming. */
  size: 80,
  taps: 5,
  withinMs: 3_000,
} as const;

/** Whether a tap at (x, y) of a viewport `width` pixels wide is in the staff corner. */
export function isInStaffCorner(x: number, y: number, width: number): boolean {
  return x >= width - STAFF_CORNER.size && x <= width && y >= 0 && y <= STAFF_CORNER.size;
}

/** Counts corner taps; `tap(now)` is true for the tap that completes the gesture, which then starts over. */
export function createTapCounter() {
  let taps: number[] = [];
  return {
    tap(now: number): boolean {
      taps = [...taps.filter((at) => now - at < STAFF_CORNER.withinMs), now];
      if (taps.length < STAFF_CORNER.taps) return false;
      taps = [];
      return true;
    },
  };
}
