import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PORT } from '../../server/platform/config.ts';
import { parseHubAddress } from '../../server/satellite/hub-address.rules.ts';
import {
  FAILURES_AT_MAX_LOCKOUT,
  NO_ATTEMPTS,
  PIN_HASH_FORMAT,
  type PinAttempts,
  UNREADABLE_PIN_HASH,
} from './staff-exit.ts';

/** Beside the database in the data dir, so one folder holds everything a kiosk knows. */
export const SETTINGS_FILE = 'kiosk-settings.json';

export const MODES = ['standalone', 'hub', 'satellite'] as const;
export type Mode = (typeof MODES)[number];

export const VIEWS = ['kiosk', 'dashboard'] as const;
export type View = (typeof VIEWS)[number];

export interface Settings {
  mode: Mode;
  /** The hub's origin (`http://host:port`) for a satellite; kept when switching away, so switching back is easy. */
  hubUrl: string | null;
  /** The event the kiosk shows; null shows the start page's list of events. */
  eventId: string | null;
  /**
   * scrypt hash of the staff PIN (staff-exit.ts); null until staff set one; `UNREADABLE_PIN_HASH` when the file
   * did not give it back.
   */
  pinHash: string | null;
  /** Wrong PINs in a row and the lockout's end, kept here so a restart does not reset them. */
  pinAttempts: PinAttempts;
  /** The local server's port; a hub is reached on it from the LAN. */
  port: number;
  /** What the window shows: the attendee kiosk or the staff dashboard. */
  view: View;
}

export const DEFAULT_SETTINGS: Settings = {
  mode: 'standalone',
  hubUrl: null,
  eventId: null,
  pinHash: null,
  pinAttempts: NO_ATTEMPTS,
  port: DEFAULT_PORT,
  view: 'kiosk',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Event ids are UUIDs; anything else would end up in the kiosk's URL path. */
export function isEventId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** One schema per field, so a bad field falls back to its default alone and the rest of the file survives. */
const FIELDS: { [K in keyof Settings]: z.ZodType<Settings[K]> } = {
  mode: z.enum(MODES),
  hubUrl: z
    .string()
    .nullable()
    .refine((value) => value === null || parseHubAddress(value).ok)
    .transform((value) => {
      if (value === null) return null;
      const parsed = parseHubAddress(value);
      return parsed.ok ? parsed.url : null;
    }),
  eventId: z.string().regex(UUID).nullable(),
  pinHash: z.string().max(512).regex(PIN_HASH_FORMAT).nullable(),
  pinAttempts: z.object({
    failures: z.number().int().min(0).max(1_000_000),
    lockedUntil: z.number().int().min(0),
  }),
  port: z.number().int().min(1).max(65535),
  view: z.enum(VIEWS),
};

export interface ParsedSettings {
  settings: Settings;
  /** Fields that were present but invalid and so fell back to their defaults. */
  rejected: (keyof Settings)[];
}

/**
 * Settings from what the file held. Unknown keys are dropped; invalid fields take their defaults, except the PIN's,
 * which fail closed: a file that is not an object, or whose PIN hash is missing (every write stores it, null
 * included) or invalid, has a PIN nobody can enter; a damaged count of wrong PINs resumes at the longest lockout.
 * A satellite without a usable hub address becomes standalone: with nowhere to forward to, it shows nothing.
 */
export function parseSettings(raw: unknown): ParsedSettings {
  const isObject = raw !== null && typeof raw === 'object' && !Array.isArray(raw);
  const input = isObject ? (raw as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS, pinHash: UNREADABLE_PIN_HASH };
  const rejected: (keyof Settings)[] = [];
  for (const key of Object.keys(FIELDS) as (keyof Settings)[]) {
    if (!(key in input)) continue;
    const result = FIELDS[key].safeParse(input[key]);
    if (result.success) settings[key] = result.data;
    else rejected.push(key);
  }
  const parsed = settings as unknown as Settings;
  if (rejected.includes('pinAttempts'))
    parsed.pinAttempts = { failures: FAILURES_AT_MAX_LOCKOUT, lockedUntil: 0 };
  if (parsed.mode === 'satellite' && parsed.hubUrl === null) parsed.mode = 'standalone';
  return { settings: parsed, rejected };
}

export interface ReadSettings extends ParsedSettings {
  /** What went wrong reading the file, for the log; null when it was read or simply absent. */
  problem: string | null;
}

/**
 * Reads the settings file. No file is a new install: the defaults, no PIN. A file that cannot be read or is not
 * JSON gives the defaults and a `problem`, with the PIN unreadable (parseSettings), so damage never opens the
 * staff exit.
 */
export function readSettings(dataDir: string): ReadSettings {
  const file = path.join(dataDir, SETTINGS_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { settings: { ...DEFAULT_SETTINGS }, rejected: [], problem: null };
    }
    return { ...parseSettings(null), problem: `could not read ${file}: ${(error as Error).message}` };
  }
  try {
    return { ...parseSettings(JSON.parse(text)), problem: null };
  } catch {
    return { ...parseSettings(null), problem: `${file} is not valid JSON; using the defaults` };
  }
}

/**
 * Staff forgot the PIN, or the file lost it: clears the PIN and its lockout and keeps every other setting that
 * reads back. Whoever can run this can already write the data dir, which holds the database itself.
 */
export function resetStaffPin(dataDir: string): Settings {
  const settings: Settings = { ...readSettings(dataDir).settings, pinHash: null, pinAttempts: NO_ATTEMPTS };
  writeSettings(dataDir, settings);
  return settings;
}

/**
 * Writes the settings through a temporary file and a rename, so a power cut mid-write leaves the old file or the
 * new one, never half of one (which would lose the PIN hash).
 */
export function writeSettings(dataDir: string, settings: Settings): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SETTINGS_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = fs.openSync(temporary, 'w', 0o600);
  try {
    fs.writeSync(handle, JSON.stringify(settings, null, 2) + '\n');
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temporary, file);
}
