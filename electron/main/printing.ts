import { BrowserWindow } from 'electron';
import type { Badge, PrintResult } from '../../renderer/src/kiosk/kiosk-bridge.ts';

const MAX_FIELD = 200;

/** A badge from the page is untrusted input: three strings of sane length, nothing else. */
export function parseBadge(value: unknown): Badge | null {
  if (value === null || typeof value !== 'object') return null;
  const { name, company, event } = value as Record<string, unknown>;
  const text = (field: unknown) =>
    typeof field === 'string' && field.trim() !== '' && field.length <= MAX_FIELD;
  if (!text(name) || !text(event)) return null;
  if (company !== null && company !== undefined && !text(company)) return null;
  return {
    name: (name as string).trim(),
    company: typeof company === 'string' ? company.trim() : null,
    event: (event as string).trim(),
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A name badge sized for common 62 mm label rolls; escaped, script-free, and under a CSP that forbids scripts. */
export function badgeHtml(badge: Badge): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>@page{size:62mm 100mm;margin:4mm}body{font-family:system-ui,sans-serif;text-align:center;margin:0}
h1{font-size:20pt;margin:10mm 0 4mm}p{margin:2mm 0;font-size:12pt}.event{font-size:9pt;color:#555}</style></head>
<body><h1>${escapeHtml(badge.name)}</h1>${badge.company ? `<p>${escapeHtml(badge.company)}</p>` : ''}
<p class="event">${escapeHtml(badge.event)}</p></body></html>`;
}

/** Prints silently to the default printer from a hidden window with JavaScript off. */
export async function printBadge(badge: Badge): Promise<PrintResult> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
  });
  try {
    await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(badgeHtml(badge))}`);
    return await new Promise<PrintResult>((resolve) =>
      window.webContents.print({ silent: true, printBackground: false }, (success, reason) =>
        resolve(success ? { ok: true } : { ok: false, reason: reason || 'The badge could not be printed.' }),
      ),
    );
  } finally {
    window.destroy();
  }
}
