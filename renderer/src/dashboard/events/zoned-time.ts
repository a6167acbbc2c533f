/**
 * Date-times as the venue reads them. An `<input type="datetime-local">` holds a wall-clock time with no zone
 * (`2026-03-08T10:00`); the server wants an instant with its offset (`2026-03-08T10:00:00-04:00`). These convert
 * between the two in the event's IANA time zone, whatever the zone of the browser doing the editing.
 */

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Milliseconds since the epoch of a wall time read as if it were UTC (years below 100 included). */
function wallAsUtc({ year, month, day, hour, minute, second }: Wall): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

function utcAsWall(ms: number): Wall {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

/** The wall time in `timeZone` at the instant `ms`. */
function wallAt(ms: number, timeZone: string): Wall {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(ms))) parts[part.type] = part.value;
  const year = Number(parts.year);
  return {
    // Years before the common era come as "1 BC" and the like: astronomical numbering keeps them ordered.
    year: parts.era === 'BC' || parts.era === 'B' ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at the instant `ms`, in milliseconds (New York in winter: -5 h). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAsUtc(wallAt(whole, timeZone)) - whole;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

function formatWall({ year, month, day, hour, minute }: Wall): string {
  return `${year < 0 ? '-' : ''}${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

function formatOffset(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/**
 * An instant from the server (`2026-03-08T15:00:00+00:00`) as the `datetime-local` value that names it on the
 * venue's clocks (`2026-03-08T11:00` in New York). Null, empty or unreadable gives an empty input.
 */
export function toZonedInput(instant: string | null, timeZone: string): string {
  if (!instant) return '';
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) return '';
  return formatWall(wallAt(ms, timeZone));
}

/**
 * A `datetime-local` value read on the clocks of `timeZone`, as ISO 8601 with that zone's offset then
 * (`2026-03-08T10:00` in New York is `2026-03-08T10:00:00-04:00`); an empty input is null (no date).
 *
 * Around a change of the clocks it answers as people and Temporal's "compatible" rule do: a time the clocks skip
 * (02:30 on the morning they spring forward) is moved forward by the gap (03:30), and a time they show twice (01:30
 * on the night they fall back) is the first of the two.
 */
export function fromZonedInput(wallTime: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(wallTime.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((n) => Number(n ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = { year, month, day, hour, minute, second };
  const wallMs = wallAsUtc(wall);
  // `Date` rolls 31 April over to 1 May; a wall time must name a moment that exists on the calendar.
  if (Number.isNaN(wallMs) || formatWall(utcAsWall(wallMs)) !== formatWall(wall) || second > 59) return null;

  // The offsets a day either side cover both sides of any change of the clocks near this time.
  const before = zoneOffsetMs(wallMs - DAY_MS, timeZone);
  const after = zoneOffsetMs(wallMs + DAY_MS, timeZone);
  const fits = [before, after]
    .map((offset) => wallMs - offset)
    .filter((instant) => wallAsUtc(wallAt(instant, timeZone)) === wallMs);
  // A skipped time: read with the offset before the change, which lands as far past it as the time was.
  const instant = fits.length > 0 ? Math.min(...fits) : wallMs - before;
  return withOffset(instant, timeZone);
}

/** The instant written as the venue's wall time with its offset, to the second. */
function withOffset(instant: number, timeZone: string): string {
  let offset = zoneOffsetMs(instant, timeZone);
  // Old local mean times have offsets in seconds, which ISO 8601 cannot carry: say the same instant in UTC.
  if (offset % 60_000 !== 0) offset = 0;
  const wall = utcAsWall(instant + offset);
  return `${formatWall(wall)}:${pad(wall.second)}${formatOffset(offset)}`;
}

/** The browser's own zone, the first choice for a new event. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA zone the browser knows, with `current` among them even when it is an alias (`UTC`). */
export function timeZoneChoices(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones].sort();
}
