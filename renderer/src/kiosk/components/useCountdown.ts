import { useEffect, useRef, useState } from 'react';

/**
 * Calls `onDone` after `ms` and returns the whole seconds left, for a visible countdown; with `ms` null, never (the
 * kiosk's idle reset is left to end the screen).
 */
export function useCountdown(ms: number | null, onDone: () => void): number {
  const [left, setLeft] = useState(() => Math.ceil((ms ?? 0) / 1000));
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    if (ms === null) return;
    const endsAt = performance.now() + ms;
    const done = window.setTimeout(() => onDoneRef.current(), ms);
    const tick = window.setInterval(
      () => setLeft(Math.max(0, Math.ceil((endsAt - performance.now()) / 1000))),
      250,
    );
    return () => {
      window.clearTimeout(done);
      window.clearInterval(tick);
    };
  }, [ms]);
  return left;
}
