/**
 * The pure rules behind failed mail staff can act on and mail setup that teaches (issue 39): where a person's mail
 * stands, what a ticket page says of its mail, the likely fix of a failed test email, and the form's security by port.
 */
import { describe, expect, it } from 'vitest';
import {
  mailStateOf,
  testMailHint,
  ticketMailDelivery,
  type SmtpFailure,
} from '../../server/mail/mail.rules.ts';
import { securityForPort } from '../../renderer/src/dashboard/mail/mail-draft.ts';

const failure = (overrides: Partial<SmtpFailure>): SmtpFailure => ({
  code: null,
  responseCode: null,
  command: null,
  response: null,
  message: 'x',
  ...overrides,
});

describe('mailStateOf', () => {
  it.each([
    [null, 'none'],
    [{ status: 'skipped', refusedAddress: null }, 'none'],
    [{ status: 'sent', refusedAddress: null }, 'sent'],
    [{ status: 'failed', refusedAddress: null }, 'failed'],
    [{ status: 'failed', refusedAddress: 'ada@example.com' }, 'bounced'],
    // Refused at an address the person no longer has: another address is worth a try.
    [{ status: 'failed', refusedAddress: 'old@example.com' }, 'failed'],
    [{ status: 'suppressed', refusedAddress: null }, 'suppressed'],
  ] as const)('%j is %s', (newest, state) => {
    expect(mailStateOf(newest, ' Ada@Example.com ')).toBe(state);
  });
});

describe('ticketMailDelivery', () => {
  const mail = (status: string, attempts = 1, kind = 'confirmation') => ({ kind, status, attempts }) as never;
  it('says delayed only once a try failed, failed only when none was ever sent', () => {
    expect(ticketMailDelivery([])).toBeNull();
    expect(ticketMailDelivery([mail('queued', 0)])).toBeNull();
    expect(ticketMailDelivery([mail('queued', 1)])).toBe('delayed');
    expect(ticketMailDelivery([mail('failed')])).toBe('failed');
    expect(ticketMailDelivery([mail('failed'), mail('sent')])).toBeNull();
    // A resend over the cap, or a cancellation, is not the ticket's delivery.
    expect(ticketMailDelivery([mail('suppressed'), mail('queued', 2)])).toBe('delayed');
    expect(ticketMailDelivery([mail('failed', 1, 'cancellation'), mail('sent')])).toBeNull();
  });
});

describe('testMailHint', () => {
  it.each([
    [
      failure({
        code: 'ETLS',
        responseCode: 500,
        command: 'STARTTLS',
        response: '500 Error: command not recognized',
      }),
      'starttls',
      'no_starttls',
    ],
    [
      failure({ code: 'ESOCKET', command: 'CONN', message: 'ssl3_get_record:wrong version number' }),
      'tls',
      'use_starttls',
    ],
    [
      failure({ code: 'ETIMEDOUT', command: 'CONN', message: 'Greeting never received' }),
      'starttls',
      'use_tls',
    ],
    [
      failure({ code: 'ETIMEDOUT', command: 'CONN', message: 'Greeting never received' }),
      'tls',
      'unreachable',
    ],
    [failure({ code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' }), 'starttls', 'credentials'],
    [failure({ code: 'EENVELOPE', responseCode: 530, command: 'MAIL FROM' }), 'none', 'sign_in'],
    [failure({ code: 'EENVELOPE', responseCode: 553, command: 'MAIL FROM' }), 'none', 'sender'],
    [
      failure({ code: 'ESOCKET', command: 'CONN', message: 'unable to verify the first certificate' }),
      'tls',
      'certificate',
    ],
    [failure({ code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:1' }), 'none', 'port_closed'],
    [failure({ code: 'EDNS', message: 'getaddrinfo ENOTFOUND x.invalid' }), 'none', 'host_not_found'],
    [failure({ code: 'ENOTSMTP', command: 'CONN' }), 'none', null],
    [failure({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' }), 'none', null],
  ] as const)('%#: %s', (what, security, hint) => {
    expect(testMailHint(what, security)).toBe(hint);
  });
});

describe('securityForPort', () => {
  it('follows the usual ports, and keeps the saved security on another', () => {
    expect(securityForPort('465')).toBe('tls');
    expect(securityForPort(' 587 ')).toBe('starttls');
    expect(securityForPort('25', 'starttls')).toBe('none');
    expect(securityForPort('2525')).toBe('none');
    expect(securityForPort('2525', 'starttls')).toBe('starttls');
  });
});
