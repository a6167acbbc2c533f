/** Timestamps on the wire and in the store: UTC, second precision, explicit offset (`2026-11-21T10:42:05+00:00`). */
export function toTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/**
 * `Date.parse` that remembers its last answer, for a timestamp read again on every request (a busy token's last use
 * and expiry are the same strings for a minute at least): a string comparison instead of a parse, which costs more
 * than the rest of a token's checks.
 */
export function rememberingTimestampParser(): (timestamp: string) => number {
  let lastTimestamp: string | null = null;
  let lastMs = Number.NaN;
  return (timestamp) => {
    if (timestamp !== lastTimestamp) {
      lastMs = Date.parse(timestamp);
      lastTimestamp = timestamp;
    }
    return lastMs;
  };
}

const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** Parses an ISO 8601 date-time that names its offset; anything else (or an impossible date) is null. */
export function parseOffsetDateTime(value: string): Date | null {
  if (!OFFSET_DATE_TIME.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // `new Date` rolls 2026-02-30 over to March; a real calendar date must round-trip its day.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (!isCalendarDate(year, month, day)) return null;
  // In UTC the instant must still have a four-digit year, or it could not be written back as a timestamp.
  const utcYear = date.getUTCFullYear();
  return utcYear >= 1 && utcYear <= 9999 ? date : null;
}

/** `YYYY-MM-DD` naming a day that exists. */
export function isCalendarDateString(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  return isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function machineTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const humanFormatters = new Map<string, Intl.DateTimeFormat>();

/** `Nov 21, 2026 10:42 AM` in the given time zone: how a person at the venue reads a time. */
export function formatHumanDateTime(timestamp: string, timeZone: string): string {
  let formatter = humanFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    humanFormatters.set(timeZone, formatter);
  }
  // Assembled from parts: ICU versions differ in the commas and the (narrow no-break) space before AM/PM.
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(timestamp)).map((p) => [p.type, p.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

const zonedFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * `2026-11-21T11:00:00+01:00`: the instant as ISO 8601 in the given time zone, with that zone's offset then, so a
 * spreadsheet shows the venue's clock and a program still reads the exact instant.
 */
export function formatZonedIso(timestamp: string, timeZone: string): string {
  let formatter = zonedFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    zonedFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(timestamp)).map((p) => [p.type, p.value]),
  );
  // "GMT+01:00", or "GMT" alone at offset zero.
  const offset = parts.timeZoneName!.replace('GMT', '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}
