import type { StaffChange, StaffSaveResult, StaffState, StaffUnlockResult } from '../bridge.ts';
import { applyModeChange } from './modes.ts';
import { isEventId, MODES, type Settings } from './settings.ts';
import { decideStaffExit, hashPin, isValidPin, NO_ATTEMPTS, type PinAttempts } from './staff-exit.ts';

export interface StaffControllerDeps {
  settings(): Settings;
  /** Persists the settings and applies them: restarts the server when asked, then reloads the kiosk window. */
  apply(next: Settings, options: { restartServer: boolean }): Promise<void>;
  /** Persists without reloading anything (a new PIN). */
  persist(next: Settings): void;
  events(): Promise<StaffState['events']>;
  lanUrls(): Promise<StaffState['lanUrls']>;
  findHubs(): Promise<{ name: string; url: string }[]>;
  now(): number;
}

const LOCKED: StaffSaveResult = { ok: false, reason: 'Enter the staff PIN first.' };

/**
 * What the staff screen may do, behind the PIN. Each opening of the staff screen starts locked; only `unlock`
 * works until the PIN is accepted, whatever the page asks for. No Electron here: the screen's IPC handlers call it.
 */
export function createStaffController(deps: StaffControllerDeps) {
  let unlocked = false;
  let attempts: PinAttempts = NO_ATTEMPTS;

  return {
    /** A new visit to the staff screen; lockout state survives it, so closing and reopening gains no guesses. */
    lock() {
      unlocked = false;
    },

    get unlocked() {
      return unlocked;
    },

    async unlock(pin: string): Promise<StaffUnlockResult> {
      const decision = await decideStaffExit(String(pin), deps.settings().pinHash, attempts, deps.now());
      if (decision.outcome === 'open') {
        attempts = NO_ATTEMPTS;
        unlocked = true;
        return { outcome: 'open' };
      }
      attempts = decision.attempts;
      return decision.outcome === 'locked'
        ? { outcome: 'locked', retryInSeconds: Math.ceil(decision.retryInMs / 1000) }
        : { outcome: 'wrong-pin' };
    },

    async state(): Promise<StaffState> {
      const settings = deps.settings();
      const base = {
        mode: settings.mode,
        hubUrl: settings.hubUrl,
        eventId: settings.eventId,
        view: settings.view,
        port: settings.port,
        pinSet: settings.pinHash !== null,
        unlocked,
      };
      // Nothing about the events or the network before the PIN.
      if (!unlocked) return { ...base, hubUrl: null, eventId: null, lanUrls: [], events: [] };
      const [events, lanUrls] = await Promise.all([
        deps.events().catch(() => []),
        settings.mode === 'hub' ? deps.lanUrls() : Promise.resolve([]),
      ]);
      return { ...base, events, lanUrls };
    },

    async save(change: StaffChange): Promise<StaffSaveResult> {
      if (!unlocked) return LOCKED;
      // The page is not trusted to send only what its form offers.
      if (!(MODES as readonly string[]).includes(change.mode)) return { ok: false, reason: 'Choose a mode.' };
      const current = deps.settings();
      const hubAddress = typeof change.hubAddress === 'string' ? change.hubAddress : '';
      const result = applyModeChange(current, {
        mode: change.mode,
        ...(change.mode === 'satellite' || hubAddress.trim() !== '' ? { hubAddress } : {}),
      });
      if (!result.ok) return result;
      const eventId = isEventId(change.eventId) ? change.eventId : null;
      const view = change.view === 'dashboard' ? 'dashboard' : 'kiosk';
      await deps.apply({ ...result.settings, eventId, view }, { restartServer: result.restartServer });
      unlocked = false;
      return { ok: true };
    },

    async setPin(pin: string): Promise<StaffSaveResult> {
      if (!unlocked) return LOCKED;
      if (!isValidPin(String(pin))) return { ok: false, reason: 'A staff PIN is 4 to 12 digits.' };
      deps.persist({ ...deps.settings(), pinHash: await hashPin(String(pin)) });
      return { ok: true };
    },

    async findHubs() {
      return unlocked ? deps.findHubs() : [];
    },
  };
}

export type StaffController = ReturnType<typeof createStaffController>;
