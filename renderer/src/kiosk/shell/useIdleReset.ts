import { useEffect, useRef, useState } from 'react';

/** Sent by parts of the kiosk that see a person without an input event (the camera reading a code). */
export const ACTIVITY_EVENT = 'kiosk:activity';

const INPUT_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart', ACTIVITY_EVENT] as const;

export function reportActivity(): void {
  window.dispatchEvent(new Event(ACTIVITY_EVENT));
}

export interface IdleWarning {
  /** How long before the reset to warn: "Still there?" counts down this long. */
  warnMs: number;
  /** Whether the reset would lose something worth a warning now (a half-filled form). */
  worthWarning: () => boolean;
}

/**
 * Calls `onIdle` once `timeoutMs` pass without input, and again after each further quiet period; not at all while
 * `timeoutMs` is null. With `warning`, answers true from `warning.warnMs` before a reset that would lose something,
 * until the reset or the next input.
 */
export function useIdleReset(timeoutMs: number | null, onIdle: () => void, warning?: IdleWarning): boolean {
  const [warned, setWarned] = useState(false);
  const onIdleRef = useRef(onIdle);
  const warningRef = useRef(warning);
  useEffect(() => {
    onIdleRef.current = onIdle;
    warningRef.current = warning;
  });

  useEffect(() => {
    if (timeoutMs === null) return;
    let timer = 0;
    let warnTimer = 0;
    const arm = () => {
      timer = window.setTimeout(fire, timeoutMs);
      const warnMs = warningRef.current?.warnMs ?? 0;
      if (warnMs > 0 && warnMs < timeoutMs) {
        warnTimer = window.setTimeout(() => {
          if (warningRef.current?.worthWarning()) setWarned(true);
        }, timeoutMs - warnMs);
      }
    };
    function fire() {
      setWarned(false);
      onIdleRef.current();
      arm();
    }
    const restart = (input: Event) => {
      // A press inside the warning is answered by its button (which reports activity), so the warning stays up
      // until the press ends on the button.
      if (input.target instanceof Element && input.target.closest('[data-idle-warning]')) return;
      window.clearTimeout(timer);
      window.clearTimeout(warnTimer);
      setWarned(false);
      arm();
    };
    arm();
    for (const type of INPUT_EVENTS) window.addEventListener(type, restart, { capture: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(warnTimer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, restart, { capture: true });
    };
  }, [timeoutMs]);
  return warned;
}
