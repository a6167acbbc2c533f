/**
 * Drops a code seen again within `windowMs` of its own last sighting. A camera reads a held-up code on every frame,
 * and in a queue the next person's code is often in view beside it, the decoder reading one and then the other: each
 * code is remembered on its own, so two codes in view are two people, each handled once, however the reads
 * alternate. Only a code that has been away for the whole window counts again.
 */
export function createRepeatFilter(windowMs: number, now: () => number = () => performance.now()) {
  const lastSeen = new Map<string, number>();
  return {
    /** True when the code should be handled. */
    accept(code: string): boolean {
      const at = now();
      for (const [seen, seenAt] of lastSeen) {
        if (at - seenAt >= windowMs) lastSeen.delete(seen);
      }
      const repeat = lastSeen.has(code);
      lastSeen.set(code, at);
      return !repeat;
    },
    reset(): void {
      lastSeen.clear();
    },
  };
}
