import { printBadgeInBrowser } from '../../shared/badge/badge.ts';
import { desktopBridge } from '../desktop.ts';
import type { Badge, PrintResult } from '../kiosk-bridge.ts';

/**
 * Under the desktop shell, silently on the default printer; in a browser, through its print dialog, drawn as the
 * desk draws badges (shared/badge/). The kiosk knows no check-in code or layout here yet: the classic layout,
 * without a QR code.
 */
export async function printBadge(badge: Badge): Promise<PrintResult> {
  const bridge = desktopBridge();
  if (bridge) return bridge.printBadge(badge);
  return printBadgeInBrowser({
    layout: 'classic',
    name: badge.name,
    company: badge.company,
    ticketType: null,
    event: badge.event,
    checkinCode: null,
    logoUrl: null,
  });
}
