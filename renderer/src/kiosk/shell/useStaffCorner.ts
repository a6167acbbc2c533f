import { useEffect } from 'react';
import { desktopBridge } from '../desktop.ts';
import { createTapCounter, isInStaffCorner } from './staff-corner.ts';

/**
 * In the desktop shell, the staff corner (staff-corner.ts) asks the shell for the staff PIN prompt. It listens to
 * the whole document before anything else and never stops a tap: whatever lies under the corner still gets it.
 * Date.now(), not the event's timeStamp, so tests can move the page's clock.
 */
export function useStaffCorner(): void {
  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge) return;
    const counter = createTapCounter();
    const onPointerDown = (event: PointerEvent) => {
      if (!event.isPrimary || !isInStaffCorner(event.clientX, event.clientY, window.innerWidth)) return;
      if (counter.tap(Date.now())) bridge.requestStaffExit();
    };
    document.addEventListener('pointerdown', onPointerDown, { capture: true });
    return () => document.removeEventListener('pointerdown', onPointerDown, { capture: true });
  }, []);
}
