import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

/** Where the app reads the time. Tests pass a fixed or steppable clock through `buildApp({ clock })`. */
export interface Clock {
  now(): Date;
  /**
   * Milliseconds on a clock that only moves forward, from some start in this boot, and which boot. A kiosk's wall
   * clock can be wrong or stepped; the sync protocol corrects op times with these (sync/clock.rules.ts). A clock
   * without them reads its wall time as monotonic, in one boot of its own.
   */
  monotonicMs?(): number;
  readonly bootId?: string;
}

export const systemClock: Clock = {
  now: () => new Date(),
  monotonicMs: () => performance.now(),
  // One process is one boot: `performance.now()` starts again with every process.
  bootId: randomUUID(),
};

/** A clock's monotonic reading, or its wall time for a clock that has none. */
export const monotonicMs = (clock: Clock): number => clock.monotonicMs?.() ?? clock.now().getTime();

const wallBoots = new WeakMap<Clock, string>();

/** A clock's boot, or one made up (once) for a clock that has none. */
export function bootIdOf(clock: Clock): string {
  if (clock.bootId) return clock.bootId;
  let id = wallBoots.get(clock);
  if (!id) wallBoots.set(clock, (id = randomUUID()));
  return id;
}
