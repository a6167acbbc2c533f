import { useEffect, useRef } from 'react';

/** A scanner types a whole code in well under this; a longer pause starts a new code. */
const GAP_MS = 1000;
const MAX_CODE_LENGTH = 512;

function isTextEntry(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * A USB/HID barcode scanner is a keyboard that types the code and Enter. Listening on the window (capture phase)
 * takes those keys wherever focus is, so nothing has to be touched first; a focused button never sees the Enter.
 * Not while `listening` is false.
 */
export function useKeyboardWedge(onCode: (code: string) => void, listening = true): void {
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    if (!listening) return;
    let buffer = '';
    let lastKeyAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isTextEntry(event.target)) return;
      const now = performance.now();
      if (now - lastKeyAt > GAP_MS) buffer = '';
      lastKeyAt = now;
      if (event.key === 'Enter') {
        if (buffer === '') return;
        event.preventDefault();
        const code = buffer;
        buffer = '';
        onCodeRef.current(code);
      } else if (event.key.length === 1) {
        buffer = (buffer + event.key).slice(-MAX_CODE_LENGTH);
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [listening]);
}
