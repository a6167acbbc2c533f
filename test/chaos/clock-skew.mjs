// Preloaded into a chaos run's server process (`node --import`, processes.ts): its wall clock reads
// ARRIVALS_CHAOS_CLOCK_SKEW_MS ahead of the machine's (behind when negative), as on a kiosk whose clock was set wrong.
// Its monotonic clock (performance.now) is untouched, as on such a kiosk. Plain JavaScript: it loads before tsx.
const skewMs = Number(process.env.ARRIVALS_CHAOS_CLOCK_SKEW_MS ?? '0');

if (Number.isFinite(skewMs) && skewMs !== 0) {
  const RealDate = Date;
  const now = () => RealDate.now() + skewMs;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    // `Date()` called without `new` is the current time as a string.
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });
}
