import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { testCertificate } from '../../helpers/smtp.ts';

/**
 * A real SMTP server on a loopback port, for the browser tests: it takes mail as a relay would and keeps each message
 * parsed, or refuses as a mail server does, in its own words (`535 5.7.8 ...` to a sign-in, `550 5.1.1 ...` to a
 * recipient). It can also hold each message until the test lets it through, so a test sees mail half sent.
 */
export interface MailServer {
  port: number;
  /** Every message taken, parsed, in the order they came. */
  messages: ParsedMail[];
  /** The messages sent to `address`. */
  to(address: string): ParsedMail[];
  /** How many messages are held, waiting for `release` (with `hold`). */
  held(): number;
  /** Lets `count` held messages through (all of them, and every later one, without a count). */
  release(count?: number): void;
  /** The passwords it was sent at sign-in, taken or refused. */
  passwords: string[];
  close(): Promise<void>;
}

/** A reply a server refuses with: its code and its words (`5.7.8 Authentication credentials invalid`). */
export interface Reply {
  code: number;
  text: string;
}

export interface MailServerOptions {
  /** Refuses every sign-in so, as a server given a wrong password does. */
  refuseAuth?: Reply;
  /** Refuses these recipients so, as a server that knows no such mailbox does. */
  refuseRecipients?: Record<string, Reply>;
  /** Holds each message, once received, until `release`. */
  hold?: boolean;
  /**
   * Offers STARTTLS under the tests' CA (test/helpers/smtp.ts, which the test server trusts) and takes a sign-in
   * only once the connection is encrypted, as a server a password goes to does.
   */
  tls?: boolean;
}

/** An error whose `responseCode` smtp-server writes back as the reply's code. */
function refusal({ code, text }: Reply): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

export async function startMailServer(options: MailServerOptions = {}): Promise<MailServer> {
  const messages: ParsedMail[] = [];
  const passwords: string[] = [];
  const waiting: (() => void)[] = [];
  const certificate = options.tls ? await testCertificate() : null;
  let releaseAll = !options.hold;
  let credits = 0;
  const pass = (done: () => void) => {
    if (releaseAll || credits > 0) {
      if (!releaseAll) credits -= 1;
      done();
    } else waiting.push(done);
  };
  const server = new SMTPServer({
    // A LAN relay: no TLS here, and signing in is the sender's choice; or, with `tls`, a server one signs in to.
    ...(certificate
      ? { key: certificate.key, cert: certificate.cert }
      : { disabledCommands: ['STARTTLS'], allowInsecureAuth: true }),
    authOptional: !options.refuseAuth,
    logger: false,
    // A closing test does not wait for the app's kept-alive connection to leave (30 s by default).
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      passwords.push(auth.password ?? '');
      if (options.refuseAuth) callback(refusal(options.refuseAuth));
      else callback(null, { user: 'test' });
    },
    onRcptTo(address, _session, callback) {
      const refused = options.refuseRecipients?.[address.address];
      if (refused) callback(refusal(refused));
      else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) =>
          pass(() => {
            messages.push(parsed);
            callback();
          }),
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    messages,
    to: (address) =>
      messages.filter((message) => {
        const to = Array.isArray(message.to) ? message.to : message.to ? [message.to] : [];
        return to.some((group) => group.value.some((entry) => entry.address === address));
      }),
    held: () => waiting.length,
    passwords,
    release(count) {
      if (count === undefined) releaseAll = true;
      else credits += count;
      while (waiting.length > 0 && (releaseAll || credits > 0)) {
        if (!releaseAll) credits -= 1;
        waiting.shift()!();
      }
    },
    close: () => {
      // Held messages are let go, so no connection stays open on a server being closed.
      releaseAll = true;
      for (const done of waiting.splice(0)) done();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The organization's mail settings, as an owner would save them, pointing at `smtp` on loopback, with ticket links
 * on `publicUrl`. Kiosk registrations and imports are not mailed unless `mailKioskRegistrations` says so.
 */
export function setUpMail(
  app: FastifyInstance,
  organizationId: number,
  smtp: MailServer,
  publicUrl: string,
  { mailKioskRegistrations = false } = {},
): void {
  app.ctx.mail.saveSettings(organizationId, {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    username: null,
    fromAddress: 'tickets@cityhall.example',
    fromName: 'City Hall',
    replyTo: null,
    publicUrl,
    mailKioskRegistrations,
    mailImports: false,
    maxPerMinute: null,
  });
}
