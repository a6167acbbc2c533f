/**
 * Drops a code seen again within `windowMs` of its last sighting. A camera reads a held-up code on every frame and a
 * person may scan twice; only a code that has been away for the window counts again.
 */
export function createRepeatFilter(windowMs: number, now: () => number = () => performance.now()) {
  let lastCode: string | null = null;
  let lastSeenAt = -Infinity;
  return {
    /** True when the code should be handled. */
    accept(code: string): boolean {
      const at = now();
      const repeat = code === lastCode && at - lastSeenAt < windowMs;
      lastCode = code;
      lastSeenAt = at;
      return !repeat;
    },
    reset(): void {
      lastCode = null;
      lastSeenAt = -Infinity;
    },
  };
}
