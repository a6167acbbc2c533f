import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { systemClock, type Clock } from '../platform/clock.ts';
import { DATABASE_FILE, openDatabase } from '../platform/database.ts';
import { toTimestamp } from '../platform/time.ts';
import { parseHubAddress } from '../satellite/hub-address.rules.ts';
import { createStore } from '../store.ts';
import { deviceService } from './device.service.ts';
import type { ReplicaOptions } from './replica.service.ts';
import { pairResponse } from './sync.schemas.ts';

/**
 * A kiosk's side of pairing (docs/sync.md, "Pairing"), shared by `arrivals device pair` and the desktop app's staff
 * screen: pair a data dir with a hub, say what it is paired with, and unpair it. Each works on a data dir that no
 * server is serving at the time; the shell stops its embedded server first.
 */

export interface PairingOptions {
  /** better-sqlite3's addon built for Electron (electron/README.md); the default is node_modules' own. */
  nativeBinding?: string;
  clock?: Clock;
  /** How long the hub has to answer the pairing request. */
  timeoutMs?: number;
  /** The first snapshot's replica settings (tests shorten its waits). */
  replica?: Partial<ReplicaOptions>;
}

export type PairingFailure =
  | { reason: 'invalid_hub_address'; detail: string }
  | { reason: 'already_paired'; hubUrl: string }
  /** The hub answered, and not with a pairing: a wrong or expired code, too many guesses, not an Arrivals hub. */
  | { reason: 'refused'; status: number; message: string }
  | { reason: 'unreachable'; hubUrl: string; detail: string };

export type PairingOutcome =
  | {
      ok: true;
      hubUrl: string;
      deviceUuid: string;
      eventIds: string[];
      /**
       * Whether the first snapshot of the hub's data came in. Pairing holds either way: the replica takes it as
       * soon as the hub answers.
       */
      snapshot: { taken: true } | { taken: false; detail: string };
    }
  | ({ ok: false } & PairingFailure);

/** What a paired data dir follows, and how many of its changes the hub has not acked yet. */
export interface PairedHub {
  hubUrl: string;
  deviceUuid: string;
  eventIds: string[];
  pairedAt: string;
  waiting: number;
}

export type UnpairOutcome =
  | { ok: true }
  | { ok: false; reason: 'not_paired' }
  | { ok: false; reason: 'changes_waiting'; waiting: number };

function withDevices<T>(
  dataDir: string,
  options: PairingOptions,
  work: (devices: ReturnType<typeof deviceService>) => T,
): T {
  const db = openDatabase(dataDir, { nativeBinding: options.nativeBinding });
  try {
    return work(deviceService(createStore(db, options.clock ?? systemClock)));
  } finally {
    db.close();
  }
}

/** Whether the data dir holds a database at all: asking must not create one. */
const hasDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, DATABASE_FILE));

/**
 * Pairs `dataDir` with the hub at `hubAddress` (as typed: `192.168.1.20`, `hub.local:8787`) using a pairing code
 * from the hub, then takes the first snapshot of its events. From then on `buildApp({ dataDir })` runs the data dir
 * as the hub's replica.
 */
export async function pairWithHub(
  dataDir: string,
  hubAddress: string,
  code: string,
  name: string,
  options: PairingOptions = {},
): Promise<PairingOutcome> {
  const hub = parseHubAddress(hubAddress);
  if (!hub.ok) return { ok: false, reason: 'invalid_hub_address', detail: hub.reason };
  const paired = hasDatabase(dataDir)
    ? withDevices(dataDir, options, (devices) => devices.pairedHub())
    : null;
  if (paired) return { ok: false, reason: 'already_paired', hubUrl: paired.url };

  let body: unknown;
  let status: number;
  try {
    const response = await fetch(new URL('/sync/pair', hub.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, name }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    status = response.status;
    body = await response.json().catch(() => ({}));
  } catch (error) {
    return { ok: false, reason: 'unreachable', hubUrl: hub.url, detail: (error as Error).message };
  }
  const answer = status === 201 ? pairResponse.safeParse(body) : null;
  if (!answer?.success) {
    const message = (body as { message?: unknown } | null)?.message;
    return {
      ok: false,
      reason: 'refused',
      status,
      message: typeof message === 'string' ? message : `The hub answered ${status}.`,
    };
  }

  const { data } = answer.data;
  withDevices(dataDir, options, (devices) =>
    devices.rememberPairing({
      role: 'kiosk',
      url: hub.url,
      deviceUuid: data.device,
      credential: data.credential,
      organizationUuid: data.organization,
      eventIds: data.event_ids,
      grantedNext: data.grant.from,
      grantedTo: data.grant.to,
      pairedAt: toTimestamp((options.clock ?? systemClock).now()),
    }),
  );
  const app = await buildApp({
    dataDir,
    kioskDir: false,
    logger: false,
    nativeBinding: options.nativeBinding,
    replica: options.replica,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  let snapshot: { taken: true } | { taken: false; detail: string };
  try {
    await app.ctx.replica!.syncNow();
    snapshot = { taken: true };
  } catch (error) {
    snapshot = { taken: false, detail: (error as Error).message };
  } finally {
    await app.close();
  }
  return { ok: true, hubUrl: hub.url, deviceUuid: data.device, eventIds: data.event_ids, snapshot };
}

/** One sentence for a failed pairing, for the CLI's stderr and the staff screen alike. */
export function describePairingFailure(failure: PairingFailure): string {
  switch (failure.reason) {
    case 'invalid_hub_address':
      return failure.detail;
    case 'already_paired':
      return `This kiosk is already paired with the hub at ${failure.hubUrl}.`;
    case 'refused':
      return failure.message;
    case 'unreachable':
      return `The hub at ${failure.hubUrl} cannot be reached (${failure.detail}).`;
  }
}

/** The hub `dataDir` is paired with, or null: an unpaired data dir, or none at all (which this does not create). */
export function pairedHubOf(dataDir: string, options: PairingOptions = {}): PairedHub | null {
  if (!hasDatabase(dataDir)) return null;
  return withDevices(dataDir, options, (devices) => {
    const upstream = devices.pairedHub();
    if (!upstream) return null;
    return {
      hubUrl: upstream.url,
      deviceUuid: upstream.deviceUuid,
      eventIds: upstream.eventIds,
      pairedAt: upstream.pairedAt,
      waiting: devices.waitingChanges(),
    };
  });
}

/**
 * Unpairs a replica's data dir by deleting its database: everything in it is a copy of the hub's, except changes
 * made here that the hub has not acked, so it refuses while any wait. A later pairing starts from a fresh snapshot.
 * (Acked changes kept for a hub restored from a backup go too: docs/sync.md.)
 */
export function unpairDataDir(dataDir: string, options: PairingOptions = {}): UnpairOutcome {
  const paired = pairedHubOf(dataDir, options);
  if (!paired) return { ok: false, reason: 'not_paired' };
  if (paired.waiting > 0) return { ok: false, reason: 'changes_waiting', waiting: paired.waiting };
  const file = path.join(dataDir, DATABASE_FILE);
  // The WAL and shared memory first: a removal cut short must not leave a WAL that a new database here would read.
  for (const each of [`${file}-wal`, `${file}-shm`, file]) fs.rmSync(each, { force: true });
  return { ok: true };
}
