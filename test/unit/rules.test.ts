import { describe, expect, it } from 'vitest';
import { decideCancel, decideNoShow, decideSelfCheckIn } from '../../server/attendees/attendee.rules.ts';
import { isCheckInAllowed, isRegistrationOpen, redirectUrlFor } from '../../server/events/event.rules.ts';
import { visibleProfile } from '../../server/people/profile.rules.ts';
import { generateApiToken, hashApiToken, hasValidTokenShape, sameHash } from '../../server/access/secrets.ts';
import {
  formatHumanDateTime,
  parseOffsetDateTime,
  toTimestamp,
  zonedDate,
} from '../../server/platform/time.ts';
import { toSecond } from '../../server/attendees/ledger.repository.ts';
import { isTokenExpired } from '../../server/access/api-token.rules.ts';
import {
  checkinCodeReadings,
  drawCheckinCode,
  groupedCheckinCode,
  parseScannedCode,
} from '../../server/attendees/checkin-code.rules.ts';
import type { AttendeeRecord } from '../../server/attendees/attendee.types.ts';
import type { EventRecord } from '../../server/events/event.types.ts';

const event = (overrides: Partial<EventRecord> = {}): EventRecord => ({
  id: 1,
  uuid: 'e',
  organizationId: 1,
  name: 'E',
  description: '',
  startsAt: null,
  endsAt: null,
  location: null,
  timezone: 'UTC',
  seats: null,
  requiresApproval: false,
  registrationOpensAt: null,
  registrationClosesAt: null,
  isPublished: true,
  checkinPeriodType: 'immediate',
  checkinStartsAt: null,
  checkinEndsAt: null,
  allowSelfCheckin: true,
  redirectUrl: null,
  registrationFields: [],
  attendeesCount: 0,
  createdAt: '',
  updatedAt: '',
  ...overrides,
});

const attendee = (overrides: Partial<AttendeeRecord> = {}): AttendeeRecord => ({
  id: 1,
  uuid: 'a',
  eventId: 1,
  userId: null,
  email: 'a@x.co',
  name: 'A',
  answers: {},
  status: 'confirmed',
  registeredAt: '',
  checkedInAt: null,
  statusBeforeNoShow: null,
  checkinCode: 'AbCdEfGh12345678',
  checkinOpId: null,
  ...overrides,
});

const at = (iso: string) => new Date(iso);

describe('isCheckInAllowed', () => {
  it.each([
    ['disabled', null, null, '2026-11-21T10:00:00Z', false],
    ['immediate', null, null, '2026-11-21T10:00:00Z', true],
    ['starts_on', '2026-11-21T10:00:00+00:00', null, '2026-11-21T09:59:59Z', false],
    ['starts_on', '2026-11-21T10:00:00+00:00', null, '2026-11-21T10:00:00Z', true],
    ['date_range', '2026-11-21T10:00:00+00:00', '2026-11-21T12:00:00+00:00', '2026-11-21T09:59:59Z', false],
    ['date_range', '2026-11-21T10:00:00+00:00', '2026-11-21T12:00:00+00:00', '2026-11-21T12:00:00Z', true],
    ['date_range', '2026-11-21T10:00:00+00:00', '2026-11-21T12:00:00+00:00', '2026-11-21T12:00:01Z', false],
  ] as const)('%s from %s to %s at %s: %s', (type, starts, ends, now, expected) => {
    expect(
      isCheckInAllowed(
        event({ checkinPeriodType: type, checkinStartsAt: starts, checkinEndsAt: ends }),
        at(now),
      ),
    ).toBe(expected);
  });
});

describe('isRegistrationOpen', () => {
  const now = at('2026-11-21T10:00:00Z');
  it('is open for a published event with room', () => expect(isRegistrationOpen(event(), now)).toBe(true));
  it.each([
    ['unpublished', { isPublished: false }],
    ['before opening', { registrationOpensAt: '2026-11-21T10:00:01+00:00' }],
    ['at closing', { registrationClosesAt: '2026-11-21T10:00:00+00:00' }],
    ['after the event', { endsAt: '2026-11-21T09:00:00+00:00' }],
    ['full', { seats: 2, attendeesCount: 2 }],
  ] as const)('is closed %s', (_label, overrides) =>
    expect(isRegistrationOpen(event(overrides), now)).toBe(false),
  );
});

describe('attendee decisions', () => {
  const now = at('2026-11-21T10:00:00Z');
  it('self check-in refuses in the documented order', () => {
    expect(
      decideSelfCheckIn(event({ checkinPeriodType: 'disabled', allowSelfCheckin: false }), null, now),
    ).toEqual({
      ok: false,
      reason: 'checkin_not_available',
    });
    expect(decideSelfCheckIn(event({ allowSelfCheckin: false }), null, now)).toEqual({
      ok: false,
      reason: 'self_checkin_disabled',
    });
    expect(decideSelfCheckIn(event(), null, now)).toEqual({ ok: false, reason: 'not_registered' });
    expect(decideSelfCheckIn(event(), attendee({ status: 'pending' }), now)).toEqual({
      ok: false,
      reason: 'approval_pending',
    });
    expect(decideSelfCheckIn(event(), attendee({ status: 'canceled' }), now)).toEqual({
      ok: false,
      reason: 'registration_canceled',
    });
    expect(decideSelfCheckIn(event(), attendee({ checkedInAt: 'x' }), now)).toEqual({
      ok: false,
      reason: 'already_checked_in',
    });
    expect(decideSelfCheckIn(event(), attendee({ status: 'no_show' }), now)).toEqual({ ok: true });
  });
  it('cancel and no-show follow the transition table', () => {
    expect(decideCancel(attendee())).toEqual({ ok: true });
    expect(decideCancel(attendee({ status: 'pending' }))).toEqual({ ok: true });
    expect(decideCancel(attendee({ status: 'canceled' }))).toEqual({ ok: false, reason: 'already_canceled' });
    expect(decideCancel(attendee({ checkedInAt: 'x' }))).toEqual({ ok: false, reason: 'already_checked_in' });
    expect(decideNoShow(attendee())).toEqual({ ok: true });
    expect(decideNoShow(attendee({ status: 'no_show' }))).toEqual({ ok: true });
    expect(decideNoShow(attendee({ checkedInAt: 'x' }))).toEqual({ ok: false, reason: 'already_checked_in' });
  });
});

describe('time', () => {
  it('formats the interface timestamp: UTC, seconds, +00:00', () => {
    expect(toTimestamp(at('2026-11-21T10:42:05.999Z'))).toBe('2026-11-21T10:42:05+00:00');
  });
  it('formats a check-in time for people in the event time zone', () => {
    expect(formatHumanDateTime('2026-11-21T10:42:05+00:00', 'UTC')).toBe('Nov 21, 2026 10:42 AM');
    expect(formatHumanDateTime('2026-11-21T00:05:00+00:00', 'UTC')).toBe('Nov 21, 2026 12:05 AM');
    expect(formatHumanDateTime('2026-11-21T23:59:00+00:00', 'Asia/Tokyo')).toBe('Nov 22, 2026 8:59 AM');
    expect(formatHumanDateTime('2026-07-04T18:30:00+00:00', 'America/Los_Angeles')).toBe(
      'Jul 4, 2026 11:30 AM',
    );
  });
  it('names the day of an instant in a zone as Intl does, on both sides of every offset change', () => {
    const intlDay = (instantMs: number, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date(instantMs));
    // Changes by an hour, by half an hour (Lord Howe), at a quarter past (Kathmandu, Chatham), a day skipped (Apia,
    // 2011-12-30), and local mean times of whole seconds (Paris before 1911).
    const zones = [
      'Europe/Paris',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
    ];
    const starts = [
      '2026-03-29T00:00:00Z',
      '2026-10-04T14:00:00Z',
      '2026-04-04T14:00:00Z',
      '1911-03-10T23:00:00Z',
    ];
    for (const timeZone of [...zones, 'Pacific/Apia']) {
      for (const start of [...starts, '2011-12-29T09:00:00Z']) {
        // Every 7 minutes and 13 seconds through two days: each quarter of an hour met at several points.
        for (
          let instant = Date.parse(start);
          instant < Date.parse(start) + 2 * 86_400_000;
          instant += 433_000
        ) {
          expect(zonedDate(instant, timeZone), `${timeZone} ${new Date(instant).toISOString()}`).toBe(
            intlDay(instant, timeZone),
          );
        }
      }
    }
  });
  it("shows a fact's time to the second, as written by toISOString or any other way", () => {
    expect(toSecond('2026-11-21T10:42:05.999Z')).toBe('2026-11-21T10:42:05+00:00');
    expect(toSecond('2026-11-21T10:42:05+00:00')).toBe('2026-11-21T10:42:05+00:00');
    expect(toSecond('2026-11-21T11:42:05.250+01:00')).toBe('2026-11-21T10:42:05+00:00');
  });
  it('parses only date-times with an offset and a real date', () => {
    expect(parseOffsetDateTime('2026-11-21T10:00:00+01:00')?.toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(parseOffsetDateTime('2026-11-21T10:00Z')?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    // The last one is year 10000 in UTC, which no timestamp can be written as.
    for (const bad of [
      '2026-11-21T10:00:00',
      '2026-11-31T10:00:00Z',
      'tomorrow',
      '2026-11-21',
      '9999-12-31T23:00:00-05:00',
    ]) {
      expect(parseOffsetDateTime(bad)).toBeNull();
    }
  });
});

describe('tokens and profiles', () => {
  it('tokens carry a prefix, 190 random bits and a checksum that catches a typo', () => {
    const token = generateApiToken();
    expect(token).toMatch(/^arv_[0-9A-Za-z]{38}$/);
    expect(hasValidTokenShape(token)).toBe(true);
    const typo = token.slice(0, 10) + (token[10] === 'a' ? 'b' : 'a') + token.slice(11);
    expect(hasValidTokenShape(typo)).toBe(false);
    expect(new Set(Array.from({ length: 100 }, generateApiToken)).size).toBe(100);
  });
  it('hashes are equal only when every character is', () => {
    const hash = hashApiToken(generateApiToken());
    const flip = (at: number) => hash.slice(0, at) + (hash[at] === '0' ? '1' : '0') + hash.slice(at + 1);
    expect(sameHash(hash, `${hash}`)).toBe(true);
    expect(sameHash(hash, flip(0))).toBe(false);
    expect(sameHash(hash, flip(63))).toBe(false);
    expect(sameHash(hash, hash.slice(0, 63))).toBe(false);
    expect(sameHash(hash, '')).toBe(false);
  });
  it('a token expires at its expiry instant', () => {
    expect(isTokenExpired({ expiresAt: '2026-11-21T10:00:00+00:00' }, at('2026-11-21T09:59:59.999Z'))).toBe(
      false,
    );
    expect(isTokenExpired({ expiresAt: '2026-11-21T10:00:00+00:00' }, at('2026-11-21T10:00:00Z'))).toBe(true);
    expect(isTokenExpired({ expiresAt: null }, at('2099-01-01T00:00:00Z'))).toBe(false);
  });
  it('a token expires at its own expiry, whatever the token asked about before it', () => {
    // The expiry's parse is remembered between requests (platform/time.ts): another token's must not stick.
    const now = at('2026-11-21T10:00:00Z');
    for (const round of [1, 2]) {
      expect(isTokenExpired({ expiresAt: '2026-11-21T09:00:00+00:00' }, now), `round ${round}`).toBe(true);
      expect(isTokenExpired({ expiresAt: '2026-11-21T11:00:00+00:00' }, now), `round ${round}`).toBe(false);
    }
  });
  it('a redirect URL gets the URL-encoded attendee id', () => {
    expect(redirectUrlFor({ redirectUrl: 'https://x.example/r?c={code}&again={code}' }, 'a b')).toBe(
      'https://x.example/r?c=a%20b&again=a%20b',
    );
  });
  it('a public profile shows enabled, non-empty fields only', () => {
    expect(
      visibleProfile({
        email: 'a@x.co',
        firstName: 'Ada',
        lastName: '',
        phone: null,
        birthday: '1815-12-10',
        address: { city: ' ', country: null },
        employment: { job_title: 'Analyst', company: '' },
        profilePublic: true,
        publicFields: ['first_name', 'last_name', 'phone', 'address', 'employment'],
      }),
    ).toEqual({ first_name: 'Ada', employment: { job_title: 'Analyst' } });
  });
});

describe('scanned codes', () => {
  it.each([
    ['ARV1:Ab3dEf6hIj9lMn0p', { kind: 'checkin', code: 'Ab3dEf6hIj9lMn0p' }],
    ['arv1:Ab3dEf6hIj9lMn0p', { kind: 'checkin', code: 'Ab3dEf6hIj9lMn0p' }],
    ['  ARV1:Ab3\r\n', { kind: 'checkin', code: 'Ab3' }],
    ['Ab3dEf6hIj9l', { kind: 'either', code: 'Ab3dEf6hIj9l' }],
    ['http://192.168.1.20:8787/p/Ab3dEf6hIj9l', { kind: 'profile', code: 'Ab3dEf6hIj9l' }],
    ['https://arrivals.example/p/Ab3dEf6hIj9l/', { kind: 'profile', code: 'Ab3dEf6hIj9l' }],
    // Today's codes as printed, in groups: the separators go when what is left is a code's 12 characters.
    ['7kq4-mz2c-9txb', { kind: 'either', code: '7kq4mz2c9txb' }],
    [' ARV1:7KQ4 MZ2C  9TXB ', { kind: 'checkin', code: '7KQ4MZ2C9TXB' }],
  ])('%j is %j', (text, expected) => {
    expect(parseScannedCode(text)).toEqual(expected);
  });

  it.each([
    '',
    'ARV1:',
    'ARV1:has space',
    'ARV1:../etc',
    'two words',
    'https://example.com/tickets/42',
    'ftp://example.com/p/Ab3dEf6hIj9l',
    'javascript:alert(1)//p/Ab3',
    'x'.repeat(65),
    '7kq4-mz2c-9tx',
    '7kq4/mz2c/9txb',
  ])('%j is no code', (text) => {
    expect(parseScannedCode(text)).toBeNull();
  });

  it("reads today's codes the Crockford way, and older codes only as they are", () => {
    expect(checkinCodeReadings('7kq4mz2c9txb')).toEqual(['7kq4mz2c9txb', '7KQ4MZ2C9TXB']);
    expect(checkinCodeReadings('ilo0ILO0abcd')).toEqual(['ilo0ILO0abcd', '11001100ABCD']);
    expect(checkinCodeReadings('7KQ4MZ2C9TXB')).toEqual(['7KQ4MZ2C9TXB']);
    // U is not in the alphabet; 16 characters are an older code, case-sensitive.
    expect(checkinCodeReadings('7KQ4MZ2C9TXU')).toEqual(['7KQ4MZ2C9TXU']);
    expect(checkinCodeReadings('aB3dEf6hIj9lMn0p')).toEqual(['aB3dEf6hIj9lMn0p']);
  });

  it("prints today's codes in groups of four, older ones as they were issued", () => {
    expect(groupedCheckinCode('7KQ4MZ2C9TXB')).toBe('7KQ4-MZ2C-9TXB');
    expect(groupedCheckinCode('aB3dEf6hIj9lMn0p')).toBe('aB3dEf6hIj9lMn0p');
    for (let i = 0; i < 50; i++) expect(drawCheckinCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
  });
});
