import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  parseSettings,
  readSettings,
  SETTINGS_FILE,
  writeSettings,
  type Settings,
} from '../../../electron/main/settings.ts';
import { FAILURES_AT_MAX_LOCKOUT, UNREADABLE_PIN_HASH } from '../../../electron/main/staff-exit.ts';

const EVENT = '4f1c2e4e-0000-4000-8000-000000000000';
const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-settings-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** What every write stores, so what a file read back holds at the least. */
const WRITTEN = { pinHash: null };

describe('parseSettings', () => {
  it('gives the defaults for nothing: standalone kiosk on port 8787, no PIN, no event', () => {
    expect(parseSettings(WRITTEN)).toEqual({ settings: DEFAULT_SETTINGS, rejected: [] });
    expect(DEFAULT_SETTINGS).toEqual({
      mode: 'standalone',
      hubUrl: null,
      eventId: null,
      pinHash: null,
      pinAttempts: { failures: 0, lockedUntil: 0 },
      port: 8787,
      view: 'kiosk',
    });
  });

  it('keeps every valid field and normalises the hub address', () => {
    const input = {
      mode: 'satellite',
      hubUrl: '192.168.1.20',
      eventId: EVENT,
      pinHash: 'scrypt$32768$8$1$c2FsdA$aGFzaA',
      pinAttempts: { failures: 7, lockedUntil: 1_700_000_000_000 },
      port: 9000,
      view: 'dashboard',
    };
    expect(parseSettings(input)).toEqual({
      settings: { ...input, hubUrl: 'http://192.168.1.20:8787' },
      rejected: [],
    });
  });

  it.each([
    ['mode', 'cloud'],
    ['mode', 1],
    ['hubUrl', 'ftp://hub'],
    ['hubUrl', 'http://hub:8787/path'],
    ['hubUrl', 42],
    ['eventId', 'not-a-uuid'],
    ['eventId', '../../etc/passwd'],
    ['port', 0],
    ['port', 70000],
    ['port', 80.5],
    ['port', '8787'],
    ['view', 'devtools'],
  ])('replaces an invalid %s (%o) with its default and says so', (field, value) => {
    const { settings, rejected } = parseSettings({ ...WRITTEN, [field]: value });
    expect(rejected).toEqual([field]);
    expect(settings[field as keyof Settings]).toEqual(DEFAULT_SETTINGS[field as keyof Settings]);
  });

  it.each(['1234', 'scrypt$', 'scrypt$32768$8$1$c2FsdA', 'scrypt$' + 'x'.repeat(600), 42, {}])(
    'fails closed on an invalid PIN hash (%o): set, and nothing verifies against it',
    (pinHash) => {
      expect(parseSettings({ pinHash })).toEqual({
        settings: { ...DEFAULT_SETTINGS, pinHash: UNREADABLE_PIN_HASH },
        rejected: ['pinHash'],
      });
    },
  );

  it('fails closed on a missing PIN hash: every write stores one, null included', () => {
    expect(parseSettings({ mode: 'hub' }).settings).toEqual({
      ...DEFAULT_SETTINGS,
      mode: 'hub',
      pinHash: UNREADABLE_PIN_HASH,
    });
  });

  it.each([
    { failures: -1, lockedUntil: 0 },
    { failures: 2.5, lockedUntil: 0 },
    { failures: 2, lockedUntil: 'later' },
    null,
    'none',
  ])('resumes an invalid count of wrong PINs (%o) at the longest lockout', (pinAttempts) => {
    expect(parseSettings({ ...WRITTEN, pinAttempts })).toEqual({
      settings: { ...DEFAULT_SETTINGS, pinAttempts: { failures: FAILURES_AT_MAX_LOCKOUT, lockedUntil: 0 } },
      rejected: ['pinAttempts'],
    });
  });

  it('starts a file from before the count was kept with no wrong PINs', () => {
    expect(parseSettings({ ...WRITTEN, mode: 'hub' }).settings.pinAttempts).toEqual({
      failures: 0,
      lockedUntil: 0,
    });
  });

  it.each([null, 'text', 42, [], [{ mode: 'hub' }]])(
    'treats %o as a damaged file: the defaults, and a PIN nobody can enter',
    (raw) => {
      expect(parseSettings(raw).settings).toEqual({ ...DEFAULT_SETTINGS, pinHash: UNREADABLE_PIN_HASH });
    },
  );

  it('drops unknown keys, including prototype tricks', () => {
    const parsed = parseSettings(
      JSON.parse('{"__proto__": {"mode": "hub"}, "admin": true, "mode": "hub", "pinHash": null}'),
    );
    expect(parsed.settings).toEqual({ ...DEFAULT_SETTINGS, mode: 'hub' });
    expect(Object.keys(parsed.settings).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });

  it('makes a satellite without a hub address standalone', () => {
    expect(parseSettings({ ...WRITTEN, mode: 'satellite' }).settings.mode).toBe('standalone');
    expect(parseSettings({ ...WRITTEN, mode: 'satellite', hubUrl: 'nonsense:::' }).settings.mode).toBe(
      'standalone',
    );
  });
});

describe('readSettings and writeSettings', () => {
  it('reads the defaults when there is no file yet', () => {
    expect(readSettings(dataDir())).toEqual({ settings: DEFAULT_SETTINGS, rejected: [], problem: null });
  });

  it('round-trips what it wrote, creating the data dir', () => {
    const dir = path.join(dataDir(), 'nested', 'Arrivals');
    const settings: Settings = { ...DEFAULT_SETTINGS, mode: 'hub', eventId: EVENT, port: 9100 };
    writeSettings(dir, settings);
    expect(readSettings(dir).settings).toEqual(settings);
    expect(fs.readdirSync(dir)).toEqual([SETTINGS_FILE]);
  });

  it('keeps the file private to the user (it holds the PIN hash)', () => {
    const dir = dataDir();
    writeSettings(dir, DEFAULT_SETTINGS);
    if (process.platform !== 'win32') expect(fs.statSync(path.join(dir, SETTINGS_FILE)).mode & 0o077).toBe(0);
  });

  it('falls back to the defaults, with a PIN nobody can enter, and says why, for a corrupt file', () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, SETTINGS_FILE), '{"mode": "hub",');
    const read = readSettings(dir);
    expect(read.settings).toEqual({ ...DEFAULT_SETTINGS, pinHash: UNREADABLE_PIN_HASH });
    expect(read.problem).toContain('is not valid JSON');
  });

  it('does the same for a file that cannot be read', () => {
    const dir = dataDir();
    fs.mkdirSync(path.join(dir, SETTINGS_FILE));
    const read = readSettings(dir);
    expect(read.settings).toEqual({ ...DEFAULT_SETTINGS, pinHash: UNREADABLE_PIN_HASH });
    expect(read.problem).toContain('could not read');
  });

  it('replaces the file whole: an old file is never left half-written', () => {
    const dir = dataDir();
    writeSettings(dir, { ...DEFAULT_SETTINGS, port: 9001 });
    writeSettings(dir, { ...DEFAULT_SETTINGS, port: 9002 });
    expect(readSettings(dir).settings.port).toBe(9002);
    expect(fs.readdirSync(dir)).toEqual([SETTINGS_FILE]);
  });
});
