/**
 * The IPC channel names behind the preload bridges, and what the staff preload exposes to the shell's own staff
 * page (`window.arrivalsStaff`). Types and constants only: the main process, the preloads and the staff page share
 * them. The kiosk page's bridge (`window.arrivals`) is the page's own contract: renderer/src/kiosk/kiosk-bridge.ts.
 */

export const IPC = {
  kioskStaffExit: 'arrivals:kiosk:staff-exit',
  kioskPrintPage: 'arrivals:kiosk:print-page',
  staffUnlock: 'arrivals:staff:unlock',
  staffState: 'arrivals:staff:state',
  staffSave: 'arrivals:staff:save',
  staffSetPin: 'arrivals:staff:set-pin',
  staffFindHubs: 'arrivals:staff:find-hubs',
  staffPair: 'arrivals:staff:pair',
  staffUnpair: 'arrivals:staff:unpair',
  staffClose: 'arrivals:staff:close',
  staffQuit: 'arrivals:staff:quit',
} as const;

export type StaffUnlockResult =
  | { outcome: 'open' }
  | { outcome: 'wrong-pin' }
  /** No staff PIN yet: the staff screen asks for the first one, and opens nothing before it. */
  | { outcome: 'no-pin' }
  | { outcome: 'locked'; retryInSeconds: number }
  /** The settings file did not give the PIN back: no PIN opens until it is reset (electron/README.md). */
  | { outcome: 'unreadable' };

export interface StaffState {
  mode: 'standalone' | 'hub' | 'satellite';
  hubUrl: string | null;
  eventId: string | null;
  view: 'kiosk' | 'dashboard';
  port: number;
  /** False until the first PIN is chosen: the staff screen then asks for one, and shows and does nothing else. */
  pinSet: boolean;
  /** A hub's addresses for other devices, each with a QR code (data: URL) of it. */
  lanUrls: { url: string; qr: string }[];
  /** Published events the kiosk can show, from the local server (or through it, the hub). */
  events: { id: string; name: string; organization: string }[];
  /** Whether the staff exit has been unlocked in this window. */
  unlocked: boolean;
  /** Unlocked with a PIN shorter than today's minimum (set by an older version): staff should set a new one. */
  shortPin: boolean;
  /** The server's one-time setup code while nobody owns this install yet, to type into the dashboard's setup. */
  setupCode: string | null;
  /** The hub this kiosk is paired with (its replica runs in satellite mode), or null. */
  pairing: StaffPairing | null;
}

export interface StaffPairing {
  hubUrl: string;
  /** Changes made on this kiosk that the hub has not acked yet: unpairing is refused while there are any. */
  waiting: number;
  /**
   * How sync goes while the kiosk runs as the hub's replica: in step, working offline (the hub cannot be reached),
   * or refused by the hub (the device was revoked). Null while the kiosk runs in another mode.
   */
  sync: 'in-step' | 'offline' | 'refused' | null;
}

export interface StaffPairRequest {
  hubAddress: string;
  /** The pairing code from the hub's Kiosks & sync page or `arrivals device code`. */
  code: string;
  /** How the hub lists this kiosk; blank for the computer's name. */
  name: string;
}

export interface StaffChange {
  mode: StaffState['mode'];
  hubAddress: string;
  eventId: string | null;
  view: StaffState['view'];
}

export type StaffSaveResult = { ok: true } | { ok: false; reason: string };

export interface StaffBridge {
  unlock(pin: string): Promise<StaffUnlockResult>;
  state(): Promise<StaffState>;
  save(change: StaffChange): Promise<StaffSaveResult>;
  setPin(pin: string): Promise<StaffSaveResult>;
  findHubs(): Promise<{ name: string; url: string }[]>;
  /** Pairs this kiosk with a hub and runs it as the hub's replica (satellite mode). */
  pair(request: StaffPairRequest): Promise<StaffSaveResult>;
  /** Forgets the hub and the replica's data; refused while changes wait for the hub. */
  unpair(): Promise<StaffSaveResult>;
  /** Back to the kiosk without changes. */
  close(): void;
  quit(): void;
}
