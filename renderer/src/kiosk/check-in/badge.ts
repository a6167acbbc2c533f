import { desktopBridge } from '../desktop.ts';
import type { Badge, PrintResult } from '../kiosk-bridge.ts';

const PRINTING = 'printing-badge';

/**
 * The badge as the page's only printed content, for the browser's print dialog: text nodes only (names are
 * attendee input), shown by the print stylesheet while html has the `printing-badge` class.
 */
function printInBrowser(badge: Badge): PrintResult {
  const sheet = document.createElement('div');
  sheet.className = 'print-badge';
  sheet.setAttribute('aria-hidden', 'true');
  for (const [className, text] of [
    ['print-badge-name', badge.name],
    ['print-badge-company', badge.company],
    ['print-badge-event', badge.event],
  ] as const) {
    if (!text) continue;
    const line = document.createElement('p');
    line.className = className;
    line.textContent = text;
    sheet.append(line);
  }
  document.body.append(sheet);
  document.documentElement.classList.add(PRINTING);
  try {
    // Returns when the person closes the print dialog.
    window.print();
  } finally {
    document.documentElement.classList.remove(PRINTING);
    sheet.remove();
  }
  return { ok: true };
}

/** Under the desktop shell, silently on the default printer; in a browser, through its print dialog. */
export async function printBadge(badge: Badge): Promise<PrintResult> {
  const bridge = desktopBridge();
  if (bridge) return bridge.printBadge(badge);
  return printInBrowser(badge);
}
