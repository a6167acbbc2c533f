import { eventWhenText, zoneNameText } from '../contract/time-text.ts';
import { CHECKIN_QR_PREFIX, type Language, type MailKind } from '../contract/vocabulary.ts';
import type { EventRecord } from '../events/event.types.ts';
import { ticketCalendar } from '../tickets/ticket-calendar.ts';
import { qrPng } from './qr-png.ts';

/**
 * The mails' words and layout, in English and French: the ticket (with the check-in QR code inline, the code in
 * text, the ticket's link and `event.ics`), "received, awaiting approval", and the cancellation. Each is HTML with a
 * plain-text part saying the same. Everything a person typed (names, the event's texts) is escaped.
 */

export interface MailContentInput {
  kind: MailKind;
  language: Language;
  attendee: { uuid: string; name: string; checkinCode: string };
  event: EventRecord;
  organizationName: string;
  /** The ticket page under the organization's public address. */
  ticketUrl: string;
  now: Date;
}

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType: string;
  /** Set on the inline QR code: the HTML shows it as `cid:` this. */
  cid?: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

/** The Content-ID of the QR code image in a ticket mail. */
export const QR_CONTENT_ID = 'checkin-qr@arrivals';

interface Words {
  subject: Record<MailKind, (event: string) => string>;
  hello: (name: string) => string;
  lead: Record<MailKind, (event: string) => string>;
  when: string;
  where: string;
  showCode: string;
  codeInText: (code: string) => string;
  viewTicket: string;
  pendingLink: string;
  calendarNote: string;
  cancelledNote: string;
  signature: (organization: string) => string;
  /** `term: value`, with the space French puts before a colon. */
  labelled: (term: string, value: string) => string;
}

const WORDS: Record<Language, Words> = {
  en: {
    subject: {
      confirmation: (event) => `Your ticket for ${event}`,
      pending: (event) => `Registration received: ${event}`,
      cancellation: (event) => `Registration cancelled: ${event}`,
    },
    hello: (name) => `Hello ${name},`,
    lead: {
      confirmation: (event) => `You are registered for ${event}. Here is your ticket.`,
      pending: (event) =>
        `We have received your registration for ${event}. It is awaiting approval: your ticket will follow by email once it is approved.`,
      cancellation: (event) => `Your registration for ${event} has been cancelled.`,
    },
    when: 'When',
    where: 'Where',
    showCode: 'Show this QR code at the entrance, on your phone or printed:',
    codeInText: (code) => `Your check-in code: ${code}`,
    viewTicket: 'View your ticket, add it to your calendar, or cancel',
    pendingLink: 'Follow your registration, or cancel it',
    calendarNote: 'The attached event.ics adds the event to your calendar.',
    cancelledNote: 'If this is a mistake, please contact the organizer.',
    signature: (organization) => `${organization}`,
    labelled: (term, value) => `${term}: ${value}`,
  },
  fr: {
    subject: {
      confirmation: (event) => `Votre billet pour ${event}`,
      pending: (event) => `Inscription reçue\u00a0: ${event}`,
      cancellation: (event) => `Inscription annulée\u00a0: ${event}`,
    },
    hello: (name) => `Bonjour ${name},`,
    lead: {
      confirmation: (event) => `Votre inscription à ${event} est confirmée. Voici votre billet.`,
      pending: (event) =>
        `Nous avons bien reçu votre inscription à ${event}. Elle est en attente de validation\u00a0: votre billet vous sera envoyé par e-mail dès qu’elle sera validée.`,
      cancellation: (event) => `Votre inscription à ${event} a été annulée.`,
    },
    when: 'Quand',
    where: 'Où',
    showCode: 'Présentez ce code QR à l’entrée, sur votre téléphone ou imprimé\u00a0:',
    codeInText: (code) => `Votre code d’enregistrement\u00a0: ${code}`,
    viewTicket: 'Voir votre billet, l’ajouter à votre agenda ou annuler',
    pendingLink: 'Suivre votre inscription, ou l’annuler',
    calendarNote: 'Le fichier event.ics joint ajoute l’événement à votre agenda.',
    cancelledNote: 'S’il s’agit d’une erreur, contactez l’organisateur.',
    signature: (organization) => `${organization}`,
    labelled: (term, value) => `${term}\u00a0: ${value}`,
  },
};

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The event's dates as the event page writes them (server/contract/time-text.ts), in the event's time zone and the
 * mail's language, the zone named by its name: `Tuesday, December 1, 2026 at 9:00 AM – 5:30 PM (Central European
 * Time)`. A mail cannot know its reader's zone, so it always names the event's. Null without a start.
 */
export function eventWhen(event: EventRecord, language: Language): string | null {
  const when = eventWhenText(event.startsAt, event.endsAt, language, event.timezone);
  if (when === null) return null;
  return `${when} (${zoneNameText(event.timezone, language, event.startsAt!)})`;
}

/** The mail of `kind` for one registration, ready for the transport (less its addresses and Message-ID). */
export async function renderMail(input: MailContentInput): Promise<MailContent> {
  const { kind, language, attendee, event, ticketUrl } = input;
  const words = WORDS[language];
  const when = eventWhen(event, language);
  const subject = words.subject[kind](event.name);
  const details: [string, string][] = [];
  if (when) details.push([words.when, when]);
  if (event.location) details.push([words.where, event.location]);

  const textParts = [words.hello(attendee.name), '', words.lead[kind](event.name)];
  if (kind !== 'cancellation' && details.length > 0) {
    textParts.push('', ...details.map(([term, value]) => words.labelled(term, value)));
  }
  const attachments: MailAttachment[] = [];
  let htmlMiddle: string;
  if (kind === 'confirmation') {
    const qrText = CHECKIN_QR_PREFIX + attendee.checkinCode;
    const { png, width } = qrPng(qrText);
    attachments.push({
      filename: 'checkin-qr.png',
      content: png,
      contentType: 'image/png',
      cid: QR_CONTENT_ID,
    });
    const ics = ticketCalendar(event, { uuid: attendee.uuid, ticketUrl }, language, input.now);
    if (ics) {
      attachments.push({
        filename: 'event.ics',
        content: ics,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      });
    }
    textParts.push(
      '',
      words.showCode,
      words.codeInText(attendee.checkinCode),
      '',
      words.labelled(words.viewTicket, ticketUrl),
    );
    if (ics) textParts.push('', words.calendarNote);
    htmlMiddle =
      `<p>${escapeHtml(words.showCode)}</p>` +
      `<p><img src="cid:${QR_CONTENT_ID}" width="${width}" height="${width}" alt="${escapeHtml(words.codeInText(attendee.checkinCode))}"></p>` +
      `<p style="font-family:monospace;font-size:18px">${escapeHtml(words.codeInText(attendee.checkinCode))}</p>` +
      `<p><a href="${escapeHtml(ticketUrl)}">${escapeHtml(words.viewTicket)}</a></p>` +
      (ics ? `<p>${escapeHtml(words.calendarNote)}</p>` : '');
  } else if (kind === 'pending') {
    textParts.push('', words.labelled(words.pendingLink, ticketUrl));
    htmlMiddle = `<p><a href="${escapeHtml(ticketUrl)}">${escapeHtml(words.pendingLink)}</a></p>`;
  } else {
    textParts.push('', words.cancelledNote);
    htmlMiddle = `<p>${escapeHtml(words.cancelledNote)}</p>`;
  }
  textParts.push('', words.signature(input.organizationName));

  const detailRows =
    kind === 'cancellation' || details.length === 0
      ? ''
      : `<table role="presentation" style="margin:16px 0">${details
          .map(
            ([term, value]) =>
              `<tr><th style="text-align:left;padding-right:12px;vertical-align:top">${escapeHtml(term)}</th><td>${escapeHtml(value)}</td></tr>`,
          )
          .join('')}</table>`;
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.5;color:#1a1a1a;max-width:36rem;margin:0 auto;padding:16px">` +
    `<h1 style="font-size:22px">${escapeHtml(event.name)}</h1>` +
    `<p>${escapeHtml(words.hello(attendee.name))}</p>` +
    `<p>${escapeHtml(words.lead[kind](event.name))}</p>` +
    detailRows +
    htmlMiddle +
    `<p style="color:#555">${escapeHtml(words.signature(input.organizationName))}</p>` +
    `</body></html>`;
  return { subject, text: textParts.join('\n'), html, attachments };
}

/** The test email of the mail settings page and `arrivals mail test`. */
export function testMailContent(organizationName: string): { subject: string; text: string } {
  return {
    subject: `Arrivals test email for ${organizationName}`,
    text:
      `This is a test email from Arrivals for ${organizationName}.\n\n` +
      'If you can read it, the mail settings work: tickets will be sent from this address.\n',
  };
}
