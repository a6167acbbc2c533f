import type { WebContents } from 'electron';
import type { PrintResult } from '../../renderer/src/kiosk/kiosk-bridge.ts';

/** What the sender of a print request is checked against: the kiosk window's page, if there is one. */
export interface KioskPrinting {
  kioskContents(): WebContents | null;
}

/**
 * The kiosk page asks to be printed (`printPage` in its bridge) once it has drawn the badge sheet in itself, the
 * way it does for the browser's print dialog (renderer/src/shared/badge/): so the desktop prints the very layout,
 * QR code, ticket type and logo a browser prints, and no second drawing of a badge lives here. Only the kiosk
 * window's own page may ask, and only for itself; one print at a time, so a page cannot queue a roll's worth.
 */
export function badgePrinter({ kioskContents }: KioskPrinting) {
  let printing = false;
  return async function printKioskPage(sender: WebContents): Promise<PrintResult> {
    const kiosk = kioskContents();
    if (!kiosk || sender !== kiosk) return { ok: false, reason: 'Only the kiosk window prints badges.' };
    if (printing) return { ok: false, reason: 'A badge is printing already.' };
    printing = true;
    try {
      return await new Promise<PrintResult>((resolve) =>
        kiosk.print({ silent: true, printBackground: false }, (success, reason) =>
          resolve(
            success ? { ok: true } : { ok: false, reason: reason || 'The badge could not be printed.' },
          ),
        ),
      );
    } finally {
      printing = false;
    }
  };
}
