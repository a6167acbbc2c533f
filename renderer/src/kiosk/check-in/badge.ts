import {
  badgeFor,
  printBadgeSheet,
  printBadgeInBrowser,
  type BadgeContent,
} from '../../shared/badge/badge.ts';
import { kioskApi, type KioskEvent } from '../api.ts';
import { desktopBridge } from '../desktop.ts';
import type { PrintResult } from '../kiosk-bridge.ts';

/**
 * Who the badge is for, as the person showed it at this visit: the email typed or the code scanned. Someone found by
 * name showed neither, and gets the badge the screen can draw (`KnownBadge`).
 */
export type BadgeHolder = { email: string } | { code: string };

/** What the screen knows already, printed if the server's badge cannot be read (the classic layout, no QR code). */
export interface KnownBadge {
  name: string;
  company: string | null;
}

/**
 * The person's badge as the event lays it out (`POST /kiosk/api/events/{uuid}/badge`: the layout, logo, ticket
 * type and check-in QR code), drawn in this page. Without the server's answer, what the screen knows.
 */
async function kioskBadge(
  event: KioskEvent,
  holder: BadgeHolder | null,
  known: KnownBadge | null,
): Promise<BadgeContent> {
  try {
    if (!holder) throw new Error('The kiosk has nothing to ask for this badge by.');
    const { data } = await kioskApi.badge(event.id, holder);
    return badgeFor(event, data.layout, data, data.logo_url);
  } catch (error) {
    if (!known) throw error;
    return {
      layout: 'classic',
      name: known.name,
      company: known.company,
      ticketType: null,
      event: event.name,
      checkinCode: null,
      logoUrl: event.logo_url,
    };
  }
}

/**
 * Prints the badge: under the desktop shell silently on the default printer, which prints this page with the badge
 * sheet drawn in it; in a browser through its print dialog. Either way the same drawing (shared/badge/).
 */
export async function printBadge(
  event: KioskEvent,
  holder: BadgeHolder | null,
  known: KnownBadge | null,
): Promise<PrintResult> {
  const badge = await kioskBadge(event, holder, known);
  const bridge = desktopBridge();
  if (bridge) return printBadgeSheet(badge, () => bridge.printPage());
  return printBadgeInBrowser(badge);
}
