import { CHECKIN_QR_PREFIX } from '../api/vocabulary.ts';
import type { RegistrationField, Schema } from '../api/types.ts';
import './badge.css';

export type BadgeLayout = Schema<'BadgeSettings'>['layout'];

/**
 * What a name badge shows, wherever it is printed (the desk, the kiosk, silently in the desktop app) and previewed
 * (the event editor): every one of them draws it with `drawBadge` in its own page.
 */
export interface BadgeContent {
  layout: BadgeLayout;
  name: string;
  company: string | null;
  /** The label of the ticket type chosen (a choice field), not its internal value. */
  ticketType: string | null;
  event: string;
  /** The attendee's check-in code, printed as the QR code a kiosk or the desk scans; null prints none. */
  checkinCode: string | null;
  /** The event's logo; null prints none. */
  logoUrl: string | null;
}

/**
 * The choice field that is the ticket type: one whose key or label says ticket, else the event's only choice field
 * (an event with several and none called ticket prints none rather than guess).
 */
export function ticketTypeField(fields: readonly RegistrationField[]): RegistrationField | null {
  const choices = fields.filter((field) => field.type === 'select');
  return (
    choices.find((field) => /ticket|billet/i.test(`${field.key} ${field.label}`)) ??
    (choices.length === 1 ? choices[0]! : null)
  );
}

/** An attendee's badge for an event with these fields, this layout and this logo (null for none). */
export function badgeFor(
  event: { name: string; registration_fields: readonly RegistrationField[] },
  layout: BadgeLayout,
  attendee: { name: string; answers: Readonly<Record<string, string>>; checkin_code: string | null },
  logoUrl: string | null,
): BadgeContent {
  const ticketField = ticketTypeField(event.registration_fields);
  const ticketValue = ticketField ? attendee.answers[ticketField.key] : undefined;
  const ticketType = ticketValue
    ? (ticketField?.options?.find((option) => option.value === ticketValue)?.label ?? ticketValue)
    : null;
  return {
    layout,
    name: attendee.name,
    company: attendee.answers.company?.trim() || null,
    ticketType,
    event: event.name,
    checkinCode: attendee.checkin_code,
    logoUrl,
  };
}

/** A check-in code's QR code as an SVG image address. The encoder loads on first use. */
export async function checkinQrImage(code: string): Promise<string> {
  const { toString: qrSvg } = await import('qrcode');
  const svg = await qrSvg(`${CHECKIN_QR_PREFIX}${code}`, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The badge as an element: text nodes only (names are attendee input), the QR code as an image made beforehand
 * (`checkinQrImage`). One drawing for the preview and the browser's print, so what is previewed is what prints.
 */
export function badgeElement(badge: BadgeContent, qrImage: string | null): HTMLElement {
  const sheet = document.createElement('div');
  sheet.className = `badge badge--${badge.layout}`;
  sheet.dataset.testid = 'badge';
  const text = document.createElement('div');
  text.className = 'badge-text';
  if (badge.logoUrl) {
    const logo = document.createElement('img');
    logo.className = 'badge-logo';
    logo.src = badge.logoUrl;
    logo.alt = '';
    sheet.append(logo);
  }
  for (const [className, value] of [
    ['badge-name', badge.name],
    ['badge-company', badge.company],
    ['badge-ticket', badge.ticketType],
    ['badge-event', badge.event],
  ] as const) {
    if (!value) continue;
    const line = document.createElement('p');
    line.className = className;
    line.textContent = value;
    text.append(line);
  }
  sheet.append(text);
  if (qrImage && badge.layout !== 'name_only') {
    const qr = document.createElement('img');
    qr.className = 'badge-qr';
    qr.src = qrImage;
    qr.alt = '';
    qr.dataset.qrText = `${CHECKIN_QR_PREFIX}${badge.checkinCode ?? ''}`;
    sheet.append(qr);
  }
  return sheet;
}

/** The badge's element, its QR code drawn and its images loaded. */
export async function drawBadge(badge: BadgeContent): Promise<HTMLElement> {
  const wantsQr = badge.checkinCode && badge.layout !== 'name_only';
  const sheet = badgeElement(badge, wantsQr ? await checkinQrImage(badge.checkinCode!) : null);
  await Promise.all([...sheet.querySelectorAll('img')].map((image) => image.decode().catch(() => undefined)));
  return sheet;
}

const PRINTING = 'printing-badge';

/**
 * Prints the badge as the page's only printed content: shown by the print stylesheet (badge.css) while html has
 * the `printing-badge` class, for as long as `print` takes. `print` is the browser's dialog by default, or the
 * desktop shell printing this very page silently (kiosk/check-in/badge.ts).
 */
export async function printBadgeSheet<Result>(
  badge: BadgeContent,
  print: () => Result | Promise<Result>,
): Promise<Result> {
  const page = document.createElement('div');
  page.className = 'print-badge';
  page.setAttribute('aria-hidden', 'true');
  page.append(await drawBadge(badge));
  document.body.append(page);
  document.documentElement.classList.add(PRINTING);
  try {
    return await print();
  } finally {
    document.documentElement.classList.remove(PRINTING);
    page.remove();
  }
}

/** The badge through the browser's print dialog. Returns when the dialog is closed. */
export function printBadgeInBrowser(badge: BadgeContent): Promise<{ ok: true }> {
  return printBadgeSheet(badge, () => {
    window.print();
    return { ok: true as const };
  });
}
