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

/** The zone's wall clock to the second, with its offset: what the ISO times and the zone's arithmetic read. */
function zonedFormatter(timeZone: string): Intl.DateTimeFormat {
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
  return formatter;
}

/**
 * `2026-11-21T11:00:00+01:00`: the instant as ISO 8601 in the given time zone, with that zone's offset then, so a
 * spreadsheet shows the venue's clock and a program still reads the exact instant.
 */
export function formatZonedIso(timestamp: string, timeZone: string): string {
  const formatter = zonedFormatter(timeZone);
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(timestamp)).map((p) => [p.type, p.value]),
  );
  // "GMT+01:00", or "GMT" alone at offset zero.
  const offset = parts.timeZoneName!.replace('GMT', '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** The wall clock of `zone` at an instant, as numbers. */
function wallParts(instantMs: number, timeZone: string) {
  const formatter = zonedFormatter(timeZone);
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal' && part.type !== 'timeZoneName') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** How far `zone`'s wall clock is ahead of UTC at an instant, in milliseconds (a whole number of seconds). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const p = wallParts(instantMs, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instantMs - (((instantMs % 1000) + 1000) % 1000));
}

/** `YYYY-MM-DD`: the calendar day of `zone` an instant falls on. */
export function zonedDate(instantMs: number, timeZone: string): string {
  const offset = steadyOffsetMs(instantMs, timeZone);
  if (offset !== null) {
    const wall = new Date(instantMs + offset);
    const year = wall.getUTCFullYear();
    if (year >= 1 && year <= 9999) return wall.toISOString().slice(0, 10);
  }
  const p = wallParts(instantMs, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * A zone's offset through each quarter of an hour, read at its two ends: the same at both, it held throughout (a
 * zone changes its offset at most once in a quarter of an hour), and any instant of it has that offset without
 * asking Intl again, which costs a check-in on a list with rules a reading for every scan it weighs (the day of an
 * admission, of an automatic check-out). Null for a quarter in which the offset changed: read that instant itself.
 */
function steadyOffsetMs(instantMs: number, timeZone: string): number | null {
  const quarter = Math.floor(instantMs / QUARTER_HOUR_MS);
  const key = `${timeZone} ${quarter}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR_MS;
    const atStart = zoneOffsetMs(start, timeZone);
    offset = atStart === zoneOffsetMs(start + QUARTER_HOUR_MS - 1, timeZone) ? atStart : null;
    if (steadyOffsets.size >= OFFSETS_KEPT) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset;
}
const QUARTER_HOUR_MS = 15 * 60_000;
const steadyOffsets = new Map<string, number | null>();
const OFFSETS_KEPT = 10_000;

/** The calendar day `days` after `date` (`YYYY-MM-DD`), before it when negative. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** `2026-11-21T09:00`: a wall-clock time naming a real day and a time of day, without a zone. */
export function isWallTime(value: string): boolean {
  const match = WALL_TIME.exec(value);
  if (!match || !isCalendarDateString(value.slice(0, 10))) return false;
  return Number(match[4]) < 24 && Number(match[5]) < 60;
}

/**
 * Instants already worked out, by zone and wall-clock time: a list's windows and check-out times are read at every
 * scan on it, and each costs several readings of the zone's offset (bench/README.md: a scan on a list with rules
 * within 1.1x of a check-in). A zone's rules do not change while the process runs.
 */
const instantsOfWallTimes = new Map<string, number>();
const INSTANTS_KEPT = 10_000;

/**
 * The instant a wall-clock time (`2026-11-21T09:00`) names in `zone`. A time the clock skips when it goes forward
 * means the first instant after the gap (the change itself); a time that happens twice when it goes back, its first
 * occurrence.
 */
export function wallTimeToInstant(wall: string, timeZone: string): number {
  const key = `${timeZone} ${wall}`;
  const known = instantsOfWallTimes.get(key);
  if (known !== undefined) return known;
  const instant = instantOfWallTime(wall, timeZone);
  if (instantsOfWallTimes.size >= INSTANTS_KEPT) instantsOfWallTimes.clear();
  instantsOfWallTimes.set(key, instant);
  return instant;
}

function instantOfWallTime(wall: string, timeZone: string): number {
  const match = WALL_TIME.exec(wall);
  if (!match) throw new Error(`not a wall-clock time: ${wall}`);
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  const DAY = 86_400_000;
  // The offsets in force around it: at most two (a zone changes its offset at most once a day).
  const offsets = [...new Set([zoneOffsetMs(asUtc - DAY, timeZone), zoneOffsetMs(asUtc + DAY, timeZone)])];
  const fits = offsets
    .map((offset) => asUtc - offset)
    .filter((instant) => zoneOffsetMs(instant, timeZone) === asUtc - instant)
    .sort((a, b) => a - b);
  if (fits.length > 0) return fits[0]!;
  // Skipped: the change happened between the two readings of that wall time; the first instant on the new offset.
  let before = asUtc - Math.max(...offsets);
  let after = asUtc - Math.min(...offsets);
  const late = zoneOffsetMs(after, timeZone);
  while (after - before > 1000) {
    const middle = before + Math.floor((after - before) / 2000) * 1000;
    if (zoneOffsetMs(middle, timeZone) === late) after = middle;
    else before = middle;
  }
  return after;
}
