import { describe, expect, it } from 'vitest';
import {
  fromZonedInput,
  timeZoneChoices,
  toZonedInput,
  zoneOffsetMs,
} from '../../../renderer/src/dashboard/events/zoned-time.ts';

const NEW_YORK = 'America/New_York';
const BERLIN = 'Europe/Berlin';
const HOUR = 60 * 60 * 1000;

describe('fromZonedInput: a venue wall-clock time to an instant with its offset', () => {
  it.each([
    // New York springs forward at 02:00 on 2026-03-08: -05:00 before, -04:00 after.
    [NEW_YORK, '2026-03-08T01:59', '2026-03-08T01:59:00-05:00'],
    [NEW_YORK, '2026-03-08T03:00', '2026-03-08T03:00:00-04:00'],
    [NEW_YORK, '2026-03-07T10:00', '2026-03-07T10:00:00-05:00'],
    [NEW_YORK, '2026-03-09T10:00', '2026-03-09T10:00:00-04:00'],
    // Berlin: CET (+01:00) in winter, CEST (+02:00) from 2026-03-29 02:00 to 2026-10-25 03:00.
    [BERLIN, '2026-01-15T09:30', '2026-01-15T09:30:00+01:00'],
    [BERLIN, '2026-07-01T18:00', '2026-07-01T18:00:00+02:00'],
    [BERLIN, '2026-03-29T01:59', '2026-03-29T01:59:00+01:00'],
    [BERLIN, '2026-03-29T03:00', '2026-03-29T03:00:00+02:00'],
    // Zones without daylight saving, and seconds when the input carries them.
    ['UTC', '2026-11-21T10:00', '2026-11-21T10:00:00+00:00'],
    ['Asia/Kolkata', '2026-11-21T10:00:30', '2026-11-21T10:00:30+05:30'],
  ])('%s %s is %s', (zone, wall, expected) => {
    expect(fromZonedInput(wall, zone)).toBe(expected);
  });

  it('moves a time the clocks skip forward by the gap (02:30 on spring-forward morning is 03:30)', () => {
    expect(fromZonedInput('2026-03-08T02:30', NEW_YORK)).toBe('2026-03-08T03:30:00-04:00');
    expect(fromZonedInput('2026-03-29T02:15', BERLIN)).toBe('2026-03-29T03:15:00+02:00');
  });

  it('reads a time the clocks show twice as the first of the two', () => {
    // New York falls back at 02:00 on 2026-11-01: 01:30 happens at -04:00, then again at -05:00.
    expect(fromZonedInput('2026-11-01T01:30', NEW_YORK)).toBe('2026-11-01T01:30:00-04:00');
    expect(fromZonedInput('2026-11-01T02:30', NEW_YORK)).toBe('2026-11-01T02:30:00-05:00');
    // Berlin falls back at 03:00 on 2026-10-25: 02:30 happens at +02:00, then at +01:00.
    expect(fromZonedInput('2026-10-25T02:30', BERLIN)).toBe('2026-10-25T02:30:00+02:00');
  });

  it('gives the same instant whatever zone the browser itself is in', () => {
    const instant = Date.parse(fromZonedInput('2026-03-08T10:00', NEW_YORK)!);
    expect(new Date(instant).toISOString()).toBe('2026-03-08T14:00:00.000Z');
  });

  it.each([
    '',
    '   ',
    'tomorrow',
    '2026-03-08',
    '2026-03-08 10:00',
    '2026-13-01T10:00',
    '2026-02-30T10:00',
    '2026-03-08T24:00',
  ])('gives null for %j (no date)', (wall) => {
    expect(fromZonedInput(wall, NEW_YORK)).toBeNull();
  });
});

describe('toZonedInput: an instant from the server as the venue wall-clock time', () => {
  it.each([
    [NEW_YORK, '2026-03-08T06:59:00+00:00', '2026-03-08T01:59'],
    [NEW_YORK, '2026-03-08T07:00:00+00:00', '2026-03-08T03:00'],
    [NEW_YORK, '2026-11-01T05:30:00+00:00', '2026-11-01T01:30'],
    [NEW_YORK, '2026-11-01T06:30:00+00:00', '2026-11-01T01:30'],
    [BERLIN, '2026-03-29T00:59:00+00:00', '2026-03-29T01:59'],
    [BERLIN, '2026-03-29T01:00:00+00:00', '2026-03-29T03:00'],
    [BERLIN, '2026-12-31T23:30:00+00:00', '2027-01-01T00:30'],
    ['UTC', '2026-11-21T10:00:00+00:00', '2026-11-21T10:00'],
  ])('%s %s shows as %s', (zone, instant, expected) => {
    expect(toZonedInput(instant, zone)).toBe(expected);
  });

  it('reads any offset the instant is written with', () => {
    expect(toZonedInput('2026-03-08T10:00:00-04:00', BERLIN)).toBe('2026-03-08T15:00');
  });

  it('shows no date as an empty input', () => {
    expect(toZonedInput(null, NEW_YORK)).toBe('');
    expect(toZonedInput('not a date', NEW_YORK)).toBe('');
  });

  it('round-trips every quarter hour across both of New York’s changes of the clocks', () => {
    for (const start of [Date.UTC(2026, 2, 8, 4), Date.UTC(2026, 10, 1, 3)]) {
      for (let ms = start; ms < start + 6 * HOUR; ms += HOUR / 4) {
        const wall = toZonedInput(new Date(ms).toISOString(), NEW_YORK);
        const back = Date.parse(fromZonedInput(wall, NEW_YORK)!);
        // The hour shown twice comes back as its first showing; everything else exactly.
        const shift = ms - back;
        expect(shift === 0 || shift === HOUR, `${wall}: ${shift}`).toBe(true);
        expect(toZonedInput(new Date(back).toISOString(), NEW_YORK)).toBe(wall);
      }
    }
  });
});

describe('zoneOffsetMs', () => {
  it('follows daylight saving', () => {
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), NEW_YORK)).toBe(-5 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), NEW_YORK)).toBe(-4 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), BERLIN)).toBe(1 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), BERLIN)).toBe(2 * HOUR);
  });
});

describe('timeZoneChoices', () => {
  it('lists IANA zones and keeps the event’s zone among them', () => {
    expect(timeZoneChoices(NEW_YORK)).toContain(BERLIN);
    expect(timeZoneChoices('Etc/GMT+5')).toContain('Etc/GMT+5');
  });
});
