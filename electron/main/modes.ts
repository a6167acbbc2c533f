import type { NetworkInterfaceInfo } from 'node:os';
import path from 'node:path';
import { parseHubAddress } from '../../server/satellite/hub-address.rules.ts';
import type { Mode, Settings } from './settings.ts';

/**
 * A satellite paired with its hub keeps the hub's replica here, inside the data dir and apart from the kiosk's own
 * database: what the kiosk had in standalone or hub mode never mixes with the hub's data, and unpairing deletes the
 * replica alone (server/sync/pairing.ts).
 */
export const REPLICA_FOLDER = 'replica';

export function replicaDirOf(dataDir: string): string {
  return path.join(dataDir, REPLICA_FOLDER);
}

/** How the local server runs in each mode. */
export interface ServerPlan {
  /**
   * Loopback for standalone and satellite: nothing on the LAN needs them, and an open proxy to the hub would let
   * anyone reach it through the kiosk. A hub listens on every interface, as `arrivals serve` does.
   */
  host: '127.0.0.1' | '0.0.0.0';
  port: number;
  /** A satellite that is not paired: no database, every API call forwarded to the hub. */
  satellite: { hubUrl: string } | null;
  /** A paired satellite: the hub's replica in `replicaDirOf(dataDir)`, which answers the kiosk hub or no hub. */
  replica: boolean;
}

export function serverPlan(settings: Settings, { replicaPaired }: { replicaPaired: boolean }): ServerPlan {
  switch (settings.mode) {
    case 'hub':
      return { host: '0.0.0.0', port: settings.port, satellite: null, replica: false };
    case 'satellite':
      return replicaPaired
        ? { host: '127.0.0.1', port: settings.port, satellite: null, replica: true }
        : { host: '127.0.0.1', port: settings.port, satellite: { hubUrl: settings.hubUrl! }, replica: false };
    case 'standalone':
      return { host: '127.0.0.1', port: settings.port, satellite: null, replica: false };
  }
}

/** A hub address that is this very kiosk's own server: a satellite of itself would wait on itself forever. */
export function isThisKiosk(hubUrl: string, port: number): boolean {
  const hub = new URL(hubUrl);
  return ['localhost', '127.0.0.1', '[::1]'].includes(hub.hostname) && Number(hub.port) === port;
}

/** The event to show once paired: the one chosen before if the hub serves it here, else its only one, else the list. */
export function eventAfterPairing(current: string | null, served: readonly string[]): string | null {
  const lower = served.map((id) => id.toLowerCase());
  if (current !== null && lower.includes(current.toLowerCase())) return current;
  return served.length === 1 ? served[0]! : null;
}

/**
 * The origin the window loads: always loopback over plain http, which browsers treat as a secure context (the
 * camera works), and the same origin in every mode, so the renderer never knows the difference. 127.0.0.1 rather
 * than `localhost`, which may resolve to ::1 first while the server listens on IPv4.
 */
export function appOrigin(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/**
 * The page the kiosk window opens: the chosen event's kiosk, or the start page's event list. Whatever the view: the
 * dashboard has a window and a session of its own (dashboard-window.ts), the kiosk window never shows it.
 */
export function kioskPath(settings: Settings): string {
  return settings.eventId ? `/kiosk/${encodeURIComponent(settings.eventId)}` : '/';
}

/** The hub's addresses for other devices on the LAN: every external IPv4 address of this machine. */
export function lanUrls(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>, port: number): string[] {
  const urls: string[] = [];
  for (const addresses of Object.values(interfaces)) {
    for (const address of addresses ?? []) {
      // IPv6 link-local addresses need a zone id that other devices cannot type; IPv4 is what people read out.
      if (address.family === 'IPv4' && !address.internal) urls.push(`http://${address.address}:${port}`);
    }
  }
  return urls;
}

export const THIS_KIOSK_REASON = 'A satellite cannot be its own hub: that address is this kiosk.';

export interface ModeChange {
  mode: Mode;
  /** What staff typed (or picked from discovery); required for a satellite. */
  hubAddress?: string;
  port?: number;
}

export type ModeChangeResult =
  { ok: true; settings: Settings; restartServer: boolean } | { ok: false; reason: string };

/**
 * Validates a mode change from the staff screen. The server restarts only when what it serves changes: the mode,
 * the hub or the port; the event and view only reload the window.
 */
export function applyModeChange(settings: Settings, change: ModeChange): ModeChangeResult {
  let hubUrl = settings.hubUrl;
  if (change.mode === 'satellite' || (change.hubAddress !== undefined && change.hubAddress.trim() !== '')) {
    const parsed = parseHubAddress(change.hubAddress ?? settings.hubUrl ?? '');
    if (!parsed.ok) return { ok: false, reason: parsed.reason };
    hubUrl = parsed.url;
  }
  const port = change.port ?? settings.port;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return { ok: false, reason: 'The port must be between 1 and 65535.' };
  }
  if (change.mode === 'satellite' && hubUrl !== null && isThisKiosk(hubUrl, port)) {
    return { ok: false, reason: THIS_KIOSK_REASON };
  }
  const next: Settings = { ...settings, mode: change.mode, hubUrl, port };
  const restartServer =
    next.mode !== settings.mode ||
    next.port !== settings.port ||
    (next.mode === 'satellite' && next.hubUrl !== settings.hubUrl);
  return { ok: true, settings: next, restartServer };
}
