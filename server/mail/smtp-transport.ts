import os from 'node:os';
import { rootCertificates } from 'node:tls';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import type { MailSettingsRecord } from './mail.types.ts';
import type { SmtpFailure } from './mail.rules.ts';

/**
 * The SMTP side of mail, over nodemailer: a transport from an organization's settings, one send, and nodemailer's
 * errors read into what mail.rules.ts judges. The password goes to nodemailer and nowhere else: never into an
 * error, a log line or an answer (nodemailer's own messages name the server, never the credentials).
 */

/** How long a connection, the server's greeting and each step of a send may take. */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
};

/** A mail as it is handed to the transport: rendered, with its fixed Message-ID. */
export type OutgoingMail = Pick<
  SendMailOptions,
  'from' | 'to' | 'replyTo' | 'subject' | 'text' | 'html' | 'attachments' | 'messageId' | 'headers' | 'date'
>;

export type SendResult = { ok: true; reply: string } | { ok: false; failure: SmtpFailure };

export interface SmtpTransport {
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): void;
}

/** How a transport connects, besides the organization's settings. */
export interface SmtpConnectOptions {
  timeouts?: SmtpTimeouts;
  /**
   * Certificates (PEM) trusted for a mail server's TLS besides the system's: a venue relay's own CA. Tests trust
   * the CA of their SMTP server's certificate (test/helpers/smtp.ts).
   */
  trustedCertificates?: readonly string[];
}

function transportOptions(settings: MailSettingsRecord, options: SmtpConnectOptions) {
  const timeouts = options.timeouts ?? DEFAULT_SMTP_TIMEOUTS;
  const extraCertificates = options.trustedCertificates ?? [];
  return {
    host: settings.host,
    port: settings.port,
    // tls: TLS from the first byte (port 465); starttls: refuse a server that does not upgrade; none: plain, for a
    // relay on the venue network (nodemailer would otherwise upgrade opportunistically, and fail on a bad cert).
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    // Never over plain text: with `none` nothing signs in (a password stored before mail.schemas.ts refused that
    // pairing stays unused), so a server that offered STARTTLS, or a stranger's, never reads it.
    auth:
      settings.username === null || settings.security === 'none'
        ? undefined
        : { user: settings.username, pass: settings.password ?? '' },
    ...(extraCertificates.length > 0 ? { tls: { ca: [...rootCertificates, ...extraCertificates] } } : {}),
    name: os.hostname(),
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    // Every part of a mail is built here, from buffers: nothing may read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** nodemailer's error as mail.rules.ts reads it. */
export function smtpFailureOf(error: unknown): SmtpFailure {
  const e = error as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
    response?: unknown;
    message?: unknown;
  };
  return {
    code: typeof e.code === 'string' ? e.code : null,
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : null,
    command: typeof e.command === 'string' ? e.command : null,
    response: typeof e.response === 'string' ? e.response : null,
    message: typeof e.message === 'string' ? e.message : String(error),
  };
}

/**
 * A transport for an organization's server: pooled (`connections` kept open and reused, so thousands of tickets
 * do not each open one), or a single connection for one send (the test email).
 */
export function smtpTransport(
  settings: MailSettingsRecord,
  options: SmtpConnectOptions & { connections: number },
): SmtpTransport {
  const transporter =
    options.connections > 1
      ? nodemailer.createTransport({
          ...transportOptions(settings, options),
          pool: true,
          maxConnections: options.connections,
          maxMessages: 500,
        })
      : nodemailer.createTransport(transportOptions(settings, options));
  return {
    async send(mail) {
      try {
        const info = (await transporter.sendMail(mail)) as { response?: unknown };
        return { ok: true, reply: typeof info.response === 'string' ? info.response : '250' };
      } catch (error) {
        return { ok: false, failure: smtpFailureOf(error) };
      }
    },
    close: () => transporter.close(),
  };
}
