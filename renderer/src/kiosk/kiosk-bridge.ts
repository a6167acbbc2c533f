/**
 * What the kiosk page asks of the desktop shell, as `window.arrivals`. The page owns this contract and the shell
 * implements it (electron/preload/index.ts, `satisfies KioskBridge`), so the one import between renderer/ and
 * electron/ points from the shell to the page. Types only: the preload is bundled alone into a sandbox, and
 * eslint.config.js keeps anything that runs out of this file.
 */

export type PrintResult = { ok: true } | { ok: false; reason: string };

/** The kiosk page's whole view of the desktop shell. A browser on the LAN has no `window.arrivals`. */
export interface KioskBridge {
  /**
   * True in the desktop shell's attendee window: the page offers no way to staff pages there (no dashboard link, no
   * dashboard route), since the shell opens the dashboard in a window and session of its own.
   */
  readonly kioskMode: boolean;
  /** The hidden touch gesture's way to the staff PIN prompt (the key chord works without it). */
  requestStaffExit(): void;
  /**
   * Prints this page silently on the default printer. The page has drawn the badge sheet first, and its print
   * stylesheet shows nothing else (shared/badge/badge.css), so the badge printed is the one the browser would print.
   */
  printPage(): Promise<PrintResult>;
}
