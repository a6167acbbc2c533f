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

describe('parseSettings', () => {
  it('gives the defaults for nothing: standalone kiosk on port 8787, no PIN, no event', () => {
    expect(parseSettings({})).toEqual({ settings: DEFAULT_SETTINGS, rejected: [] });
    expect(DEFAULT_SETTINGS).toEqual({
      mode: 'standalone',
      hubUrl: null,
      eventId: null,
      pinHash: null,
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
    ['pinHash', '1234'],
    ['pinHash', 'scrypt$' + 'x'.repeat(600)],
    ['port', 0],
    ['port', 70000],
    ['port', 80.5],
    ['port', '8787'],
    ['view', 'devtools'],
  ])('replaces an invalid %s (%o) with its default and says so', (field, value) => {
    const { settings, rejected } = parseSettings({ [field]: value });
    expect(rejected).toEqual([field]);
    expect(settings[field as keyof Settings]).toEqual(DEFAULT_SETTINGS[field as keyof Settings]);
  });

  it.each([null, 'text', 42, [], [{ mode: 'hub' }]])('treats %o as an empty file', (raw) => {
    expect(parseSettings(raw).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('drops unknown keys, including prototype tricks', () => {
    const parsed = parseSettings(JSON.parse('{"__proto__": {"mode": "hub"}, "admin": true, "mode": "hub"}'));
    expect(parsed.settings).toEqual({ ...DEFAULT_SETTINGS, mode: 'hub' });
    expect(Object.keys(parsed.settings).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });

  it('makes a satellite without a hub address standalone', () => {
    expect(parseSettings({ mode: 'satellite' }).settings.mode).toBe('standalone');
    expect(parseSettings({ mode: 'satellite', hubUrl: 'nonsense:::' }).settings.mode).toBe('standalone');
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

  it('falls back to the defaults, and says why, for a corrupt file', () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, SETTINGS_FILE), '{"mode": "hub",');
    const read = readSettings(dir);
    expect(read.settings).toEqual(DEFAULT_SETTINGS);
    expect(read.problem).toContain('is not valid JSON');
  });

  it('replaces the file whole: an old file is never left half-written', () => {
    const dir = dataDir();
    writeSettings(dir, { ...DEFAULT_SETTINGS, port: 9001 });
    writeSettings(dir, { ...DEFAULT_SETTINGS, port: 9002 });
    expect(readSettings(dir).settings.port).toBe(9002);
    expect(fs.readdirSync(dir)).toEqual([SETTINGS_FILE]);
  });
});
