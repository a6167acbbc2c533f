import { lookup } from 'node:dns/promises';
import net from 'node:net';
import os from 'node:os';
import { rootCertificates } from 'node:tls';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import type { MailSettingsRecord } from './mail.types.ts';
import { isMailServerAddressAllowed, unbracketed } from '../webhooks/destination.rules.ts';
import { DESTINATION_REFUSED, NOT_SMTP, type SmtpFailure } from './mail.rules.ts';

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

type SocketCallback = (error: Error | null, socket?: { connection: net.Socket }) => void;

/** An error as nodemailer's own carry a code, for `smtpFailureOf`. */
const failure = (code: string, message: string) => Object.assign(new Error(message), { code });

/**
 * nodemailer's `getSocket`: every connection the transport opens, made here, to an address a mail server may be at
 * (webhooks/destination.rules.ts, `isMailServerAddressAllowed`). A name is resolved at each connection and only
 * its allowed addresses are tried, so neither a name pointing at cloud metadata nor a name that changes after it
 * was saved reaches one. nodemailer then speaks SMTP (and TLS, with the name for the certificate) on the socket.
 */
function guardedSocket(connectionMs: number) {
  return (options: { host?: string; port?: number }, callback: SocketCallback): void => {
    const host = unbracketed(options.host ?? 'localhost');
    let settled = false;
    const settle = (error: Error | null, socket?: net.Socket) => {
      if (settled) return;
      settled = true;
      if (error) callback(error);
      else callback(null, { connection: socket! });
    };
    lookup(host, { all: true, verbatim: true }).then(
      (found) => {
        const allowed = found.map((entry) => entry.address).filter(isMailServerAddressAllowed);
        if (allowed.length === 0) return settle(failure('EDESTINATION', DESTINATION_REFUSED));
        const socket = net.connect({ host: allowed[0], port: options.port ?? 25 });
        const timer = setTimeout(() => {
          socket.destroy();
          settle(failure('ETIMEDOUT', `Connection timeout (${host}:${options.port})`));
        }, connectionMs);
        const onError = (error: Error) => {
          clearTimeout(timer);
          settle(failure('ECONNECTION', error.message));
        };
        socket.once('error', onError);
        socket.once('connect', () => {
          clearTimeout(timer);
          socket.off('error', onError);
          settle(null, socket);
        });
      },
      (error: Error) => settle(failure('EDNS', error.message)),
    );
  };
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
    getSocket: guardedSocket(timeouts.connectionMs),
  };
}

/**
 * nodemailer's error as mail.rules.ts reads it. A far end whose first words are not an SMTP reply (an SSH or HTTP
 * server, anything listening on a port typed by mistake or on purpose) is `NOT_SMTP` and nothing of what it said:
 * the test email's answer is not a way to read banners off the LAN.
 */
export function smtpFailureOf(error: unknown): SmtpFailure {
  const e = error as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const response = typeof e.response === 'string' ? e.response : null;
  if (e.code === 'EPROTOCOL' && e.command === 'CONN' && !/^\d{3}/.test(response ?? '')) {
    return { code: 'ENOTSMTP', responseCode: null, command: 'CONN', response: null, message: NOT_SMTP };
  }
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
