import { describe, expect, it } from 'vitest';
import {
  dateTimeText,
  eventWhenText,
  sameDayIn,
  sameZoneAt,
  timeText,
  zoneNameText,
} from '../../server/contract/time-text.ts';

/**
 * How a time reads, one way for the mails, the public pages, the kiosk and the desk (server/contract/time-text.ts,
 * issue 39): each language, zones, summer time, and the spaces French puts where it puts them.
 */

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/** ICU writes a narrow no-break space before AM/PM: which one is not the point of most of these. */
const plain = (text: string | null) => text?.replaceAll(NNBSP, ' ') ?? null;

describe('a time of day', () => {
  it('is on the 12-hour clock in English and the 24-hour clock in French, two digits for the hour', () => {
    expect(plain(timeText('2026-12-05T08:05:00Z', 'en', 'Europe/Paris'))).toBe('9:05 AM');
    expect(timeText('2026-12-05T08:05:00Z', 'fr', 'Europe/Paris')).toBe('09:05');
    expect(plain(timeText('2026-12-05T14:41:00Z', 'en', 'Europe/Paris'))).toBe('3:41 PM');
    expect(timeText('2026-12-05T14:41:00Z', 'fr', 'Europe/Paris')).toBe('15:41');
    expect(timeText('2026-12-05T23:30:00Z', 'fr', 'Europe/Paris')).toBe('00:30');
  });

  it('is in the zone it is given, else the reader’s own', () => {
    expect(timeText('2026-12-05T17:00:00Z', 'fr', 'America/New_York')).toBe('12:00');
    expect(timeText('2026-12-05T17:00:00Z', 'fr', 'Asia/Kolkata')).toBe('22:30');
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(timeText('2026-12-05T17:00:00Z', 'fr')).toBe(timeText('2026-12-05T17:00:00Z', 'fr', own));
  });

  it('follows summer time: the hour that does not exist is skipped, the one that repeats is told apart', () => {
    // Europe/Paris springs forward on 29 March 2026 at 01:00 UTC: 02:00 becomes 03:00.
    expect(timeText('2026-03-29T00:59:00Z', 'fr', 'Europe/Paris')).toBe('01:59');
    expect(timeText('2026-03-29T01:00:00Z', 'fr', 'Europe/Paris')).toBe('03:00');
    // And falls back on 25 October 2026 at 01:00 UTC: 03:00 becomes 02:00 again.
    expect(timeText('2026-10-25T00:30:00Z', 'fr', 'Europe/Paris')).toBe('02:30');
    expect(timeText('2026-10-25T01:30:00Z', 'fr', 'Europe/Paris')).toBe('02:30');
    expect(plain(timeText('2026-03-08T10:00:00Z', 'en', 'America/New_York'))).toBe('6:00 AM');
  });

  it('falls back to the reader’s zone for a zone the runtime does not know, rather than no time', () => {
    expect(timeText('2026-12-05T17:00:00Z', 'fr', 'Not/AZone')).toBe(timeText('2026-12-05T17:00:00Z', 'fr'));
  });
});

describe('a date and time', () => {
  it('reads as each language writes it, the hour as a time of day does', () => {
    expect(plain(dateTimeText('2026-11-21T10:00:00Z', 'en', 'UTC'))).toBe('Nov 21, 2026, 10:00 AM');
    expect(dateTimeText('2026-11-21T10:00:00Z', 'fr', 'UTC')).toBe('21 nov. 2026, 10:00');
    expect(dateTimeText('2026-11-21T08:05:00Z', 'fr', 'UTC')).toBe('21 nov. 2026, 08:05');
    // Past midnight at the venue: the venue's day.
    expect(dateTimeText('2026-11-21T23:30:00Z', 'fr', 'Europe/Paris')).toBe('22 nov. 2026, 00:30');
  });

  it('knows the day of an instant in a zone', () => {
    expect(sameDayIn('2026-11-21T22:30:00Z', '2026-11-21T10:00:00Z', 'UTC')).toBe(true);
    expect(sameDayIn('2026-11-21T23:30:00Z', '2026-11-21T10:00:00Z', 'Europe/Paris')).toBe(false);
  });
});

describe('when an event takes place', () => {
  it('writes one day once, and several days in full', () => {
    expect(plain(eventWhenText('2026-12-05T17:00:00Z', '2026-12-05T21:00:00Z', 'en', 'Europe/Paris'))).toBe(
      'Saturday, December 5, 2026 at 6:00 PM – 10:00 PM',
    );
    expect(eventWhenText('2026-12-05T17:00:00Z', '2026-12-05T21:00:00Z', 'fr', 'Europe/Paris')).toBe(
      'samedi 5 décembre 2026 à 18:00 – 22:00',
    );
    expect(eventWhenText('2026-12-05T17:00:00Z', '2026-12-06T21:00:00Z', 'fr', 'Europe/Paris')).toBe(
      'samedi 5 décembre 2026 à 18:00 – dimanche 6 décembre 2026 à 22:00',
    );
    expect(eventWhenText('2026-12-05T08:00:00Z', '2026-12-05T09:30:00Z', 'fr', 'Europe/Paris')).toBe(
      'samedi 5 décembre 2026 à 09:00 – 10:30',
    );
  });

  it('writes a night across summer time in the hours the venue’s clocks showed', () => {
    expect(eventWhenText('2026-03-28T23:00:00Z', '2026-03-29T02:00:00Z', 'fr', 'Europe/Paris')).toBe(
      'dimanche 29 mars 2026 à 00:00 – 04:00',
    );
  });

  it('has no end, or an end before the start, as the start alone; no start as nothing', () => {
    expect(plain(eventWhenText('2026-12-05T17:00:00Z', null, 'en', 'America/New_York'))).toBe(
      'Saturday, December 5, 2026 at 12:00 PM',
    );
    expect(plain(eventWhenText('2026-12-05T17:00:00Z', '2026-12-05T16:00:00Z', 'en', 'UTC'))).toBe(
      'Saturday, December 5, 2026 at 5:00 PM',
    );
    expect(eventWhenText(null, '2026-12-05T16:00:00Z', 'en', 'UTC')).toBeNull();
  });
});

describe('a time zone’s name', () => {
  it('is what people call it, the same in summer and winter, never its IANA id', () => {
    expect(zoneNameText('Europe/Paris', 'en', '2026-12-05T17:00:00Z')).toBe('Central European Time');
    expect(zoneNameText('Europe/Paris', 'en', '2026-07-05T17:00:00Z')).toBe('Central European Time');
    expect(zoneNameText('Europe/Paris', 'fr', '2026-07-05T17:00:00Z')).toBe('heure d’Europe centrale');
    expect(zoneNameText('America/New_York', 'fr', '2026-12-05T17:00:00Z')).toBe(
      'heure de l’Est nord-américain',
    );
    expect(zoneNameText('UTC', 'en')).toBe('Coordinated Universal Time');
    expect(zoneNameText('UTC', 'fr')).toBe('temps universel coordonné');
  });

  it('puts a no-break space before a French colon where the zone has no name of its own', () => {
    const london = zoneNameText('Europe/London', 'fr', '2026-12-05T17:00:00Z');
    expect(london).toBe(`heure${NBSP}: Royaume-Uni`);
    expect(london).not.toMatch(/ :/);
  });

  it('is not named where the reader’s clock reads the same hours, which depends on the day', () => {
    const winter = '2026-12-05T17:00:00Z';
    const summer = '2026-07-05T17:00:00Z';
    expect(sameZoneAt('Europe/Paris', 'Europe/Paris', winter)).toBe(true);
    expect(sameZoneAt('Europe/Paris', 'Europe/Brussels', winter)).toBe(true);
    expect(sameZoneAt('Europe/Paris', 'UTC', winter)).toBe(false);
    // Lagos keeps UTC+1 all year: Paris's hours in winter, not in summer.
    expect(sameZoneAt('Europe/Paris', 'Africa/Lagos', winter)).toBe(true);
    expect(sameZoneAt('Europe/Paris', 'Africa/Lagos', summer)).toBe(false);
    expect(sameZoneAt('Europe/Paris', 'Not/AZone', winter)).toBe(false);
    expect(sameZoneAt('Not/AZone', 'UTC', winter)).toBe(false);
  });
});
