import type { StaffChange, StaffSaveResult, StaffState, StaffUnlockResult } from '../bridge.ts';
import { applyModeChange } from './modes.ts';
import { isEventId, MODES, type Settings } from './settings.ts';
import {
  decideStaffExit,
  hashPin,
  isValidNewPin,
  NEW_PIN_MESSAGE,
  NO_ATTEMPTS,
  type PinAttempts,
} from './staff-exit.ts';

export interface StaffControllerDeps {
  settings(): Settings;
  /** Persists the settings and applies them: restarts the server when asked, then reloads the kiosk window. */
  apply(next: Settings, options: { restartServer: boolean }): Promise<void>;
  /** Persists without reloading anything (a new PIN, the count of wrong PINs). */
  persist(next: Settings): void;
  events(): Promise<StaffState['events']>;
  lanUrls(): Promise<StaffState['lanUrls']>;
  findHubs(): Promise<{ name: string; url: string }[]>;
  /** The server's one-time setup code while the install has no owner yet, else null (server.ts's setupCodeOf). */
  setupCode(): string | null;
  now(): number;
}

const LOCKED: StaffSaveResult = { ok: false, reason: 'Enter the staff PIN first.' };

/**
 * What the staff screen may do, behind the PIN. Each opening of the staff screen starts locked; only `unlock`
 * works until the PIN is accepted, whatever the page asks for. No Electron here: the screen's IPC handlers call it.
 */
export function createStaffController(deps: StaffControllerDeps) {
  let unlocked = false;
  // Opened with a PIN from before the six-digit minimum: the staff screen asks for a new one.
  let shortPin = false;
  // This process's count is the one that counts: if the settings file cannot be written, guesses still lock.
  let attempts: PinAttempts | null = null;
  // One PIN check at a time: checks started together would all read the same count and outrun the lockout.
  let checking: Promise<unknown> = Promise.resolve();

  function keepAttempts(next: PinAttempts): void {
    const current = attempts ?? deps.settings().pinAttempts;
    attempts = next;
    if (next.failures === current.failures && next.lockedUntil === current.lockedUntil) return;
    try {
      deps.persist({ ...deps.settings(), pinAttempts: next });
    } catch (error) {
      console.warn(`arrivals: could not save the count of wrong staff PINs: ${(error as Error).message}`);
    }
  }

  async function checkPin(pin: string): Promise<StaffUnlockResult> {
    const settings = deps.settings();
    const decision = await decideStaffExit(
      pin,
      settings.pinHash,
      attempts ?? settings.pinAttempts,
      deps.now(),
    );
    keepAttempts(decision.attempts);
    switch (decision.outcome) {
      case 'open':
        unlocked = true;
        shortPin = decision.shortPin;
        return { outcome: 'open' };
      case 'locked':
        return { outcome: 'locked', retryInSeconds: Math.ceil(decision.retryInMs / 1000) };
      case 'wrong-pin':
      case 'unreadable':
        return { outcome: decision.outcome };
    }
  }

  return {
    /** A new visit to the staff screen; lockout state survives it, so closing and reopening gains no guesses. */
    lock() {
      unlocked = false;
    },

    get unlocked() {
      return unlocked;
    },

    unlock(pin: string): Promise<StaffUnlockResult> {
      const result = checking.then(() => checkPin(String(pin)));
      checking = result.catch(() => undefined);
      return result;
    },

    /** `Arrivals --reset-staff-pin` while the app runs: no PIN (the next staff exit opens), no lockout. */
    resetPin(): void {
      attempts = NO_ATTEMPTS;
      deps.persist({ ...deps.settings(), pinHash: null, pinAttempts: NO_ATTEMPTS });
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
      // Nothing about the events, the network or setup before the PIN.
      if (!unlocked) {
        return {
          ...base,
          hubUrl: null,
          eventId: null,
          lanUrls: [],
          events: [],
          shortPin: false,
          setupCode: null,
        };
      }
      const [events, lanUrls] = await Promise.all([
        deps.events().catch(() => []),
        settings.mode === 'hub' ? deps.lanUrls() : Promise.resolve([]),
      ]);
      return { ...base, events, lanUrls, shortPin, setupCode: deps.setupCode() };
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
      if (!isValidNewPin(String(pin))) return { ok: false, reason: NEW_PIN_MESSAGE };
      deps.persist({ ...deps.settings(), pinHash: await hashPin(String(pin)), pinAttempts: NO_ATTEMPTS });
      attempts = NO_ATTEMPTS;
      shortPin = false;
      return { ok: true };
    },

    async findHubs() {
      return unlocked ? deps.findHubs() : [];
    },
  };
}

export type StaffController = ReturnType<typeof createStaffController>;
