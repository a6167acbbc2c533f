import { describe, expect, it } from 'vitest';
import {
  judgeSmtpFailure,
  mailMessageId,
  mailStillWanted,
  mailsRegistrationsFrom,
  nextMailAttemptAt,
  replyText,
  sendIntervalMs,
  SKIP_REASONS,
  UNREACHABLE_RETRY_CAP_MS,
  type SmtpFailure,
} from '../../server/mail/mail.rules.ts';
import {
  isWellFormedTicketSecret,
  languageOf,
  ticketCanCancel,
  ticketPageUrl,
  ticketShowsCode,
  ticketStatus,
} from '../../server/tickets/ticket.rules.ts';

const failure = (overrides: Partial<SmtpFailure>): SmtpFailure => ({
  code: null,
  responseCode: null,
  command: null,
  response: null,
  message: 'x',
  ...overrides,
});

describe('judgeSmtpFailure', () => {
  it.each([
    // [what happened, verdict]
    [
      failure({
        code: 'EENVELOPE',
        responseCode: 550,
        command: 'RCPT TO',
        response: '550 5.1.1 No such user',
      }),
      { outcome: 'failed', reason: '550 5.1.1 No such user', addressRefused: true },
    ],
    [
      failure({ code: 'EMESSAGE', responseCode: 554, command: 'DATA', response: '554 5.7.1 Spam' }),
      { outcome: 'failed', reason: '554 5.7.1 Spam', addressRefused: false },
    ],
    [
      failure({ code: 'EENVELOPE', responseCode: 451, command: 'RCPT TO', response: '451 4.7.1 Greylisted' }),
      { outcome: 'retry', unreachable: false, slowDown: false, reason: '451 4.7.1 Greylisted' },
    ],
    [
      failure({
        code: 'EMESSAGE',
        responseCode: 421,
        command: 'DATA',
        response: '421 4.7.0 Too many connections',
      }),
      { outcome: 'retry', unreachable: false, slowDown: true, reason: '421 4.7.0 Too many connections' },
    ],
    [
      failure({ responseCode: 450, command: 'DATA', response: '450 4.7.1 Rate limit exceeded, slow down' }),
      {
        outcome: 'retry',
        unreachable: false,
        slowDown: true,
        reason: '450 4.7.1 Rate limit exceeded, slow down',
      },
    ],
    // The organization's settings, not this mail: it waits for an owner to fix them.
    [
      failure({
        code: 'EAUTH',
        responseCode: 535,
        command: 'AUTH PLAIN',
        response: '535 5.7.8 Bad credentials',
      }),
      { outcome: 'retry', unreachable: false, slowDown: false, reason: '535 5.7.8 Bad credentials' },
    ],
    [
      failure({
        code: 'EENVELOPE',
        responseCode: 553,
        command: 'MAIL FROM',
        response: '553 Sender not allowed',
      }),
      { outcome: 'retry', unreachable: false, slowDown: false, reason: '553 Sender not allowed' },
    ],
    // 503 is the session's state, not the mail.
    [
      failure({ responseCode: 503, command: 'DATA', response: '503 Bad sequence' }),
      { outcome: 'retry', unreachable: false, slowDown: false, reason: '503 Bad sequence' },
    ],
    [
      failure({ code: 'ESOCKET', command: 'CONN', message: 'connect ECONNREFUSED 127.0.0.1:25' }),
      {
        outcome: 'retry',
        unreachable: true,
        slowDown: false,
        reason: 'The mail server could not be reached (connect ECONNREFUSED 127.0.0.1:25).',
      },
    ],
    [
      failure({ code: 'ETIMEDOUT', message: 'Greeting never received' }),
      {
        outcome: 'retry',
        unreachable: true,
        slowDown: false,
        reason: 'The mail server could not be reached (Greeting never received).',
      },
    ],
    [
      failure({ code: 'ETLS', message: 'self-signed certificate' }),
      {
        outcome: 'retry',
        unreachable: false,
        slowDown: false,
        reason: 'The mail could not be sent (self-signed certificate).',
      },
    ],
  ])('%o is %o', (given, verdict) => {
    expect(judgeSmtpFailure(given)).toEqual(verdict);
  });

  it('keeps a reply on one line, its code first, at most 500 characters', () => {
    expect(replyText('550-5.1.1 first\r\n550 5.1.1 second', 550)).toBe('550-5.1.1 first 550 5.1.1 second');
    expect(replyText('No such user', 550)).toBe('550 No such user');
    expect(replyText(null, 421)).toBe('421');
    expect(replyText(null, null)).toBeNull();
    expect(replyText('250 ' + 'x'.repeat(1000), null)).toHaveLength(500);
  });
});

describe('nextMailAttemptAt', () => {
  const half = () => 0.5;
  it('follows the schedule by refusals, then gives up', () => {
    expect(nextMailAttemptAt(0, { unreachable: false }, { attempts: 1, refusals: 1 }, half)).toBe(30_000);
    expect(nextMailAttemptAt(0, { unreachable: false }, { attempts: 2, refusals: 2 }, half)).toBe(120_000);
    expect(nextMailAttemptAt(0, { unreachable: false }, { attempts: 10, refusals: 10 }, half)).toBe(
      86_400_000,
    );
    expect(nextMailAttemptAt(0, { unreachable: false }, { attempts: 11, refusals: 11 }, half)).toBeNull();
  });

  it('never gives up on a server it cannot reach, trying at least every 5 minutes', () => {
    expect(nextMailAttemptAt(0, { unreachable: true }, { attempts: 1, refusals: 0 }, half)).toBe(30_000);
    expect(nextMailAttemptAt(0, { unreachable: true }, { attempts: 500, refusals: 0 }, half)).toBe(
      UNREACHABLE_RETRY_CAP_MS,
    );
  });

  it('spreads retries by at most 10%', () => {
    expect(nextMailAttemptAt(0, { unreachable: false }, { attempts: 1, refusals: 1 }, () => 0)).toBe(27_000);
    expect(nextMailAttemptAt(0, { unreachable: false }, { attempts: 1, refusals: 1 }, () => 0.9999999)).toBe(
      33_000,
    );
  });
});

describe('mailStillWanted', () => {
  const event = { startsAt: '2026-12-01T08:00:00Z', endsAt: '2026-12-01T17:00:00Z' };
  const now = new Date('2026-11-21T10:00:00Z');
  it.each([
    ['confirmation', 'confirmed', false, { wanted: true }],
    ['confirmation', 'no_show', false, { wanted: true }],
    ['confirmation', 'canceled', false, { wanted: false, reason: SKIP_REASONS.cancelled }],
    ['confirmation', 'pending', false, { wanted: false, reason: SKIP_REASONS.stillPending }],
    ['pending', 'pending', false, { wanted: true }],
    ['pending', 'confirmed', false, { wanted: false, reason: SKIP_REASONS.approved }],
    ['pending', 'canceled', false, { wanted: false, reason: SKIP_REASONS.cancelled }],
    ['cancellation', 'canceled', true, { wanted: true }],
    ['cancellation', 'canceled', false, { wanted: false, reason: SKIP_REASONS.neverMailed }],
    ['cancellation', 'confirmed', true, { wanted: false, reason: SKIP_REASONS.notCancelled }],
  ] as const)('a %s mail for a %s registration (earlier mail sent: %s)', (kind, status, sent, wanted) => {
    expect(mailStillWanted(kind, { status }, event, now, sent)).toEqual(wanted);
  });

  it('sends nothing about an event that is over, or for a registration that is gone', () => {
    expect(
      mailStillWanted(
        'confirmation',
        { status: 'confirmed' },
        event,
        new Date('2026-12-02T00:00:00Z'),
        false,
      ),
    ).toEqual({ wanted: false, reason: SKIP_REASONS.over });
    expect(mailStillWanted('confirmation', null, event, now, false)).toEqual({
      wanted: false,
      reason: SKIP_REASONS.gone,
    });
    expect(
      mailStillWanted('confirmation', { status: 'confirmed' }, { startsAt: null, endsAt: null }, now, false),
    ).toEqual({
      wanted: true,
    });
  });
});

describe('which registrations are mailed', () => {
  it('always from the event page, the API and the desk; from kiosks and imports as the organization says', () => {
    const off = { mailKioskRegistrations: false, mailImports: false };
    const on = { mailKioskRegistrations: true, mailImports: true };
    expect(['public', 'desk', null].map((door) => mailsRegistrationsFrom(door as 'public', off))).toEqual([
      true,
      true,
      true,
    ]);
    expect(mailsRegistrationsFrom('kiosk', off)).toBe(false);
    expect(mailsRegistrationsFrom('import', off)).toBe(false);
    expect(mailsRegistrationsFrom('kiosk', on)).toBe(true);
    expect(mailsRegistrationsFrom('import', on)).toBe(true);
  });
});

describe('pace and Message-IDs', () => {
  it('spaces mails by what a minute allows', () => {
    expect(sendIntervalMs(null)).toBe(0);
    expect(sendIntervalMs(600)).toBe(100);
    expect(sendIntervalMs(7)).toBe(8572);
  });

  it('names a mail at the sender domain; one queued by an op, the same wherever the op is applied', () => {
    expect(mailMessageId('Tickets@CityHall.example', null)).toMatch(/^<[0-9a-f]{32}@cityhall\.example>$/);
    const a = mailMessageId('t@x.example', { op: 'f'.repeat(32), index: 0 });
    expect(mailMessageId('t@x.example', { op: 'f'.repeat(32), index: 0 })).toBe(a);
    expect(mailMessageId('t@x.example', { op: 'f'.repeat(32), index: 1 })).not.toBe(a);
  });
});

describe('ticket rules', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['fr', 'fr'],
    ['fr-CA,en;q=0.5', 'fr'],
    ['de-DE,en;q=0.8,fr;q=0.9', 'fr'],
    ['de-DE,en;q=0.8,fr;q=0.7', 'en'],
    ['EN-gb', 'en'],
    ['fr;q=0,en;q=0.1', 'en'],
    ['de, it', null],
    ['*', null],
  ])('Accept-Language %j is %j', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });

  it('knows a secret by its shape only', () => {
    expect(isWellFormedTicketSecret('abcdefghijABCDEFGHIJ01')).toBe(true);
    expect(isWellFormedTicketSecret('abcdefghijABCDEFGHIJ0')).toBe(false);
    expect(isWellFormedTicketSecret('abcdefghijABCDEFGHIJ0-')).toBe(false);
    expect(ticketPageUrl('https://t.example/', 'S')).toBe('https://t.example/t/S');
  });

  it('shows the code only while it can check in, and offers cancel only while it is allowed', () => {
    expect(ticketShowsCode('confirmed', null)).toBe(true);
    expect(ticketShowsCode('no_show', 'confirmed')).toBe(true);
    expect(ticketShowsCode('no_show', 'pending')).toBe(false);
    expect(ticketShowsCode('pending', null)).toBe(false);
    expect(ticketShowsCode('canceled', null)).toBe(false);
    expect(ticketStatus('no_show', 'pending')).toBe('pending');
    expect(ticketStatus('no_show', null)).toBe('confirmed');
    expect(ticketCanCancel('confirmed', null)).toBe(true);
    expect(ticketCanCancel('confirmed', '2026-11-21T10:00:00+00:00')).toBe(false);
    expect(ticketCanCancel('canceled', null)).toBe(false);
  });
});
