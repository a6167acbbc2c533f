import type { KioskBridge } from './kiosk-bridge.ts';

/** The desktop shell's bridge (electron/preload): present in the Arrivals kiosk window, absent in a LAN browser. */
export function desktopBridge(): KioskBridge | undefined {
  return (window as Window & { arrivals?: KioskBridge }).arrivals;
}

/** Whether the page runs in the desktop shell's locked attendee window, where nothing leads to staff pages. */
export function isDesktopKiosk(): boolean {
  return desktopBridge()?.kioskMode === true;
}
