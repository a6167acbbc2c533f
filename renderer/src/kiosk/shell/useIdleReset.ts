import { useEffect, useRef } from 'react';

/** Sent by parts of the kiosk that see a person without an input event (the camera reading a code). */
export const ACTIVITY_EVENT = 'kiosk:activity';

const INPUT_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart', ACTIVITY_EVENT] as const;

export function reportActivity(): void {
  window.dispatchEvent(new Event(ACTIVITY_EVENT));
}

/** Calls `onIdle` once `timeoutMs` pass without input, and again after each further quiet period. */
export function useIdleReset(timeoutMs: number, onIdle: () => void): void {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  });

  useEffect(() => {
    let timer = window.setTimeout(fire, timeoutMs);
    function fire() {
      onIdleRef.current();
      timer = window.setTimeout(fire, timeoutMs);
    }
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(fire, timeoutMs);
    };
    for (const type of INPUT_EVENTS) window.addEventListener(type, restart, { capture: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, restart, { capture: true });
    };
  }, [timeoutMs]);
}
