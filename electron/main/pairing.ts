import type { StaffPairing, StaffSaveResult } from '../bridge.ts';
import {
  describePairingFailure,
  pairedHubOf,
  pairWithHub,
  unpairDataDir,
  type PairingOptions,
} from '../../server/sync/pairing.ts';
import type { ReplicaStatus } from '../../server/sync/replica.service.ts';
import { eventAfterPairing, replicaDirOf } from './modes.ts';
import type { Settings } from './settings.ts';

export interface DesktopPairingDeps {
  /** The app's data dir; the replica lives in `replicaDirOf(dataDir)`. */
  dataDir: string;
  /** better-sqlite3's addon built for Electron, which opens the replica's database here as the server does. */
  nativeBinding?: string;
  settings(): Settings;
  /** Persists the settings, restarts the embedded server when asked, reloads the kiosk window. */
  apply(next: Settings, options: { restartServer: boolean }): Promise<void>;
  /** The replica the embedded server runs now (server.ts's replicaStatusOf), or null in any other mode. */
  liveStatus(): ReplicaStatus | null;
  /** Stops the embedded server, so nothing holds the replica's database; stopping twice does nothing. */
  stopServer(): Promise<void>;
  /** Starts it again as the settings say. */
  startServer(): Promise<void>;
  /** How the hub lists this kiosk when staff give no name: the computer's. */
  defaultName(): string;
}

export interface PairRequest {
  hubUrl: string;
  code: string;
  name: string | null;
}

/** Refusing to unpair: what waits would be lost. */
export function changesWaitingReason(waiting: number): string {
  const changes =
    waiting === 1 ? '1 change made on this kiosk has' : `${waiting} changes made on this kiosk have`;
  return (
    `${changes} not reached the hub yet, and unpairing would lose ${waiting === 1 ? 'it' : 'them'}. ` +
    'Keep this kiosk connected to the hub until nothing is waiting, then unpair.'
  );
}

export const NOT_PAIRED_REASON = 'This kiosk is not paired with a hub.';

/**
 * The desktop app's pairing with a hub (docs/sync.md, "Pairing"): pairing turns the satellite into the hub's replica,
 * kept in a folder of the data dir of its own, and unpairing deletes that replica and goes back to standalone. The
 * work is server/sync/pairing.ts's, which `arrivals device pair` uses too; this module decides when the embedded
 * server stops and starts around it. No Electron here: it runs under Node in the tests.
 */
export function createDesktopPairing(deps: DesktopPairingDeps) {
  const replicaDir = replicaDirOf(deps.dataDir);
  const options: PairingOptions = deps.nativeBinding ? { nativeBinding: deps.nativeBinding } : {};

  return {
    /** Whether the replica folder holds a paired replica: a satellite then runs it instead of forwarding. */
    isPaired(): boolean {
      return pairedHubOf(replicaDir, options) !== null;
    },

    /** What the staff screen shows: the running replica's own status, else what its database says. */
    state(): StaffPairing | null {
      const live = deps.liveStatus();
      if (live) {
        const sync = live.refused ? 'refused' : live.offline ? 'offline' : 'in-step';
        return { hubUrl: live.hub, waiting: live.waiting, sync };
      }
      const stored = pairedHubOf(replicaDir, options);
      return stored ? { hubUrl: stored.hubUrl, waiting: stored.waiting, sync: null } : null;
    },

    /** Pairs, takes the first snapshot, then runs the kiosk as the hub's replica. */
    async pair(request: PairRequest): Promise<StaffSaveResult> {
      const outcome = await pairWithHub(
        replicaDir,
        request.hubUrl,
        request.code,
        request.name ?? deps.defaultName(),
        options,
      );
      if (!outcome.ok) {
        const reason = describePairingFailure(outcome);
        return {
          ok: false,
          reason: outcome.reason === 'already_paired' ? `${reason} Unpair it first.` : reason,
        };
      }
      const settings = deps.settings();
      await deps.apply(
        {
          ...settings,
          mode: 'satellite',
          hubUrl: outcome.hubUrl,
          eventId: eventAfterPairing(settings.eventId, outcome.eventIds),
        },
        { restartServer: true },
      );
      return { ok: true };
    },

    /**
     * Deletes the replica, refusing while changes wait for the hub, and goes back to the kiosk's own database. The
     * server lets go of the replica first, and its outbox is counted again then: a change can arrive in between.
     */
    async unpair(): Promise<StaffSaveResult> {
      const live = deps.liveStatus();
      if (live && live.waiting > 0) return { ok: false, reason: changesWaitingReason(live.waiting) };
      if (live) await deps.stopServer();
      let outcome: ReturnType<typeof unpairDataDir>;
      try {
        outcome = unpairDataDir(replicaDir, options);
      } catch (error) {
        if (live) await deps.startServer();
        throw error;
      }
      if (!outcome.ok) {
        if (live) await deps.startServer();
        return {
          ok: false,
          reason: outcome.reason === 'not_paired' ? NOT_PAIRED_REASON : changesWaitingReason(outcome.waiting),
        };
      }
      const settings = deps.settings();
      // The event was the hub's: the kiosk's own database does not have it.
      const next: Settings =
        settings.mode === 'satellite' ? { ...settings, mode: 'standalone', eventId: null } : settings;
      if (live || next !== settings) await deps.apply(next, { restartServer: true });
      return { ok: true };
    },
  };
}

export type DesktopPairing = ReturnType<typeof createDesktopPairing>;
