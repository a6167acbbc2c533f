import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PORT } from '../../server/platform/config.ts';
import { parseHubAddress } from '../../server/satellite/hub-address.rules.ts';

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
  /** scrypt hash of the staff PIN (staff-exit.ts); null until staff set one. */
  pinHash: string | null;
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
  pinHash: z.string().startsWith('scrypt$').max(512).nullable(),
  port: z.number().int().min(1).max(65535),
  view: z.enum(VIEWS),
};

export interface ParsedSettings {
  settings: Settings;
  /** Fields that were present but invalid and so fell back to their defaults. */
  rejected: (keyof Settings)[];
}

/**
 * Settings from whatever the file held. Unknown keys are dropped; invalid fields take their defaults. A satellite
 * without a usable hub address becomes standalone, because a satellite with nowhere to forward to shows nothing.
 */
export function parseSettings(raw: unknown): ParsedSettings {
  const input =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const rejected: (keyof Settings)[] = [];
  for (const key of Object.keys(FIELDS) as (keyof Settings)[]) {
    if (!(key in input)) continue;
    const result = FIELDS[key].safeParse(input[key]);
    if (result.success) settings[key] = result.data;
    else rejected.push(key);
  }
  const parsed = settings as unknown as Settings;
  if (parsed.mode === 'satellite' && parsed.hubUrl === null) parsed.mode = 'standalone';
  return { settings: parsed, rejected };
}

export interface ReadSettings extends ParsedSettings {
  /** What went wrong reading the file, for the log; null when it was read or simply absent. */
  problem: string | null;
}

/** Reads the settings file; a missing file gives the defaults, a corrupt one the defaults and a `problem`. */
export function readSettings(dataDir: string): ReadSettings {
  const file = path.join(dataDir, SETTINGS_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ...parseSettings({}), problem: null };
    return { ...parseSettings({}), problem: `could not read ${file}: ${(error as Error).message}` };
  }
  try {
    return { ...parseSettings(JSON.parse(text)), problem: null };
  } catch {
    return { ...parseSettings({}), problem: `${file} is not valid JSON; using the defaults` };
  }
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
