import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { venueServerCertificate } from '../../server/https/certificate.service.ts';
import type { MailSettingsInput } from '../../server/mail/mail.types.ts';

/** A certificate for `127.0.0.1` and `localhost` under a CA of its own, for a test SMTP server that speaks TLS. */
export interface TestCertificate {
  key: string;
  cert: string;
  /** The CA's certificate: what the app is told to trust (`buildApp({ mail: { trustedCertificates } })`). */
  ca: string;
}

let certificate: Promise<TestCertificate> | null = null;

/** One such certificate per test process (made under a CA the https feature makes: https/certificate.service.ts). */
export function testCertificate(): Promise<TestCertificate> {
  certificate ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-smtp-tls-'));
    try {
      const made = await venueServerCertificate(dir, {
        now: new Date(),
        label: 'Arrivals test mail CA',
        names: { dns: ['localhost'], ips: ['127.0.0.1'] },
      });
      return { key: made.key, cert: made.cert, ca: made.ca! };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  })();
  return certificate;
}

/** A sign-in the server was sent: the account, the password, and whether the connection was encrypted by then. */
export interface SignIn {
  user: string;
  password: string;
  secure: boolean;
}

/**
 * A real SMTP server on a loopback port, for the tests of mail (smtp-server, as TOOLCHAIN.md has it): it keeps every
 * message it takes, parsed with mailparser, and can refuse recipients, refuse everything for now, or hold a message
 * without answering (a server that hangs mid-send). Stopped and started again on the same port, it is a server that
 * goes down and comes back.
 */
export interface ReceivedMail {
  /** The envelope's recipients and sender, as the client gave them. */
  to: string[];
  from: string;
  raw: Buffer;
  parsed: ParsedMail;
}

/** How the server answers a message's DATA, or a recipient. */
export type SmtpRule =
  | { kind: 'accept' }
  /** A reply code and text, e.g. 550 for "no such user", 451 for "try again later". */
  | { kind: 'refuse'; code: number; message: string }
  /** Take the message and never answer: the client waits (and a test kills it meanwhile). */
  | { kind: 'hang' };

export interface TestSmtp {
  port: number;
  host: string;
  received: ReceivedMail[];
  /** Every DATA the server was sent, answered or not (a hung one included), parsed. */
  attempts: ReceivedMail[];
  /** How the server answers DATA from now on. */
  onData(rule: SmtpRule): void;
  /** How it answers RCPT TO for an address matching `pattern` (others are accepted). */
  onRecipient(pattern: RegExp, rule: SmtpRule): void;
  /** Accept only these credentials (AUTH PLAIN/LOGIN); anything else is 535. */
  requireAuth(user: string, password: string): void;
  /** Every sign-in the server was sent, taken or refused. */
  signIns: SignIn[];
  /** Stops listening (connections are refused) and drops held messages. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

async function parse(raw: Buffer, session: SMTPServerSession): Promise<ReceivedMail> {
  return {
    raw,
    parsed: await simpleParser(raw, { keepCidLinks: true }),
    to: session.envelope.rcptTo.map((address) => address.address),
    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
  };
}

/** A message kept raw: its envelope now, its parsed form only on demand (`await parseMail(mail)`). */
function lazy(raw: Buffer, session: SMTPServerSession): ReceivedMail {
  return {
    raw,
    get parsed(): ParsedMail {
      throw new Error('This server keeps messages raw (parse: false): use parseMail().');
    },
    to: session.envelope.rcptTo.map((address) => address.address),
    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
  };
}

/** A message parsed, whether the server parsed it already or kept it raw. */
export const parseMail = (mail: ReceivedMail): Promise<ParsedMail> =>
  simpleParser(mail.raw, { keepCidLinks: true });

function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

export interface TestSmtpOptions {
  /**
   * `parse: false` keeps each message raw and parses it only when a test reads `parsed` (a job of thousands of mails
   * would otherwise spend the test's time in mailparser).
   */
  parse?: boolean;
  /** Offer STARTTLS with this certificate (else the server speaks plain text only). */
  tls?: TestCertificate;
  /**
   * Take AUTH before STARTTLS too, as a careless server does: a test then sees a password a client sends in clear
   * (`signIns[].secure`). Off, smtp-server refuses AUTH until the connection is encrypted.
   */
  allowInsecureAuth?: boolean;
}

export async function startTestSmtp(port = 0, options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const eager = options.parse ?? true;
  const signIns: SignIn[] = [];
  let dataRule: SmtpRule = { kind: 'accept' };
  const recipientRules: { pattern: RegExp; rule: SmtpRule }[] = [];
  let credentials: { user: string; password: string } | null = null;
  const received: ReceivedMail[] = [];
  const attempts: ReceivedMail[] = [];
  const held: (() => void)[] = [];
  let server: SMTPServer | null = null;
  let boundPort = port;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      ...(options.tls
        ? { key: options.tls.key, cert: options.tls.cert }
        : { disabledCommands: ['STARTTLS'] }),
      allowInsecureAuth: options.allowInsecureAuth ?? !options.tls,
      logger: false,
      size: 10 * 1024 * 1024,
      onAuth(auth, session, callback) {
        signIns.push({ user: auth.username ?? '', password: auth.password ?? '', secure: session.secure });
        if (credentials && auth.username === credentials.user && auth.password === credentials.password) {
          return callback(null, { user: auth.username });
        }
        return callback(smtpError(535, '5.7.8 Authentication credentials invalid'));
      },
      onMailFrom(_address, session, callback) {
        if (credentials && !session.user) return callback(smtpError(530, '5.7.0 Authentication required'));
        return callback();
      },
      onRcptTo(address, _session, callback) {
        const match = recipientRules.find(({ pattern }) => pattern.test(address.address));
        if (match?.rule.kind === 'refuse') return callback(smtpError(match.rule.code, match.rule.message));
        return callback();
      },
      onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const rule = dataRule;
          const raw = Buffer.concat(chunks);
          const ready: Promise<ReceivedMail> = eager
            ? parse(raw, session)
            : Promise.resolve(lazy(raw, session));
          void ready.then((mail) => {
            attempts.push(mail);
            if (rule.kind === 'hang') {
              held.push(() => callback(smtpError(421, '4.4.2 Closing')));
              return;
            }
            if (rule.kind === 'refuse') return callback(smtpError(rule.code, rule.message));
            // Kept before the answer: once the client hears 250, the message is here.
            received.push(mail);
            callback(null, `2.0.0 Ok: queued as ${received.length}`);
          });
        });
      },
    });

  async function start(): Promise<void> {
    server = make();
    server.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(boundPort, '127.0.0.1', () => resolve());
    });
    boundPort = (server.server.address() as AddressInfo).port;
  }

  async function stop(): Promise<void> {
    const current = server;
    server = null;
    held.splice(0).forEach((answer) => answer());
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await start();
  return {
    get port() {
      return boundPort;
    },
    host: '127.0.0.1',
    received,
    attempts,
    onData: (rule) => {
      dataRule = rule;
    },
    onRecipient: (pattern, rule) => {
      recipientRules.push({ pattern, rule });
    },
    requireAuth: (user, password) => {
      credentials = { user, password };
    },
    signIns,
    stop,
    start,
    close: stop,
  };
}

/** The text a PNG's QR code holds (pngjs decodes it, jsQR reads it); null when none is found. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return found?.data ?? null;
}

/** Unfolds an iCalendar file's lines and reads one property's value of its (first) event. */
export function icsProperty(ics: string, name: string): string | null {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  const line = unfolded.split(/\r?\n/).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line === undefined ? null : line.slice(line.indexOf(':') + 1);
}

/** `20261201T080000Z` as an ISO instant. */
export function icsInstant(value: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC iCalendar time: ${value}`);
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.000Z`;
}

/** City Hall's mail settings, as the mail tests save them, pointing at `smtp` on loopback. */
export const mailSettingsFor = (
  smtp: { port: number },
  overrides: Partial<MailSettingsInput> = {},
): MailSettingsInput => ({
  host: '127.0.0.1',
  port: smtp.port,
  security: 'none',
  username: null,
  fromAddress: 'tickets@cityhall.example',
  fromName: 'City Hall Events',
  replyTo: 'help@cityhall.example',
  publicUrl: 'https://tickets.cityhall.example',
  mailKioskRegistrations: false,
  mailImports: false,
  maxPerMinute: null,
  ...overrides,
});
