import type {
  StaffChange,
  StaffPairing,
  StaffPairRequest,
  StaffSaveResult,
  StaffState,
  StaffUnlockResult,
} from '../bridge.ts';
import { parseHubAddress } from '../../server/satellite/hub-address.rules.ts';
import { applyModeChange, isThisKiosk, THIS_KIOSK_REASON } from './modes.ts';
import type { DesktopPairing } from './pairing.ts';
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
  /** Pairing with a hub (pairing.ts). */
  pairing: Pick<DesktopPairing, 'state' | 'pair' | 'unpair'>;
  now(): number;
}

const LOCKED: StaffSaveResult = { ok: false, reason: 'Enter the staff PIN first.' };
const NO_PIN_YET: StaffSaveResult = { ok: false, reason: 'Choose a staff PIN first.' };

/** The hub lists devices by names of at most this many characters (server/sync/sync.schemas.ts's pairBody). */
export const DEVICE_NAME_MAX = 100;

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
  // One pairing or unpairing at a time: each stops and starts the server.
  let pairingWork: Promise<unknown> = Promise.resolve();

  function oneAtATime(work: () => Promise<StaffSaveResult>): Promise<StaffSaveResult> {
    const result = pairingWork.then(work);
    pairingWork = result.catch(() => undefined);
    return result;
  }

  /** What the staff screen says about pairing; a replica that cannot be read says nothing rather than break it. */
  function pairingState(): StaffPairing | null {
    try {
      return deps.pairing.state();
    } catch (error) {
      console.warn(`arrivals: could not read the pairing with the hub: ${(error as Error).message}`);
      return null;
    }
  }

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
      case 'no-pin':
        return { outcome: decision.outcome };
    }
  }

  /** No PIN chosen yet (a new install, or a reset): only choosing one works, and the staff screen stays up. */
  const needsPin = () => deps.settings().pinHash === null;

  /** What a locked screen refuses with: the PIN to enter, or, with none yet, the PIN to choose. */
  const refusal = () => (needsPin() ? NO_PIN_YET : LOCKED);

  return {
    needsPin,

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
      unlocked = false;
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
          pairing: null,
        };
      }
      const [events, lanUrls] = await Promise.all([
        deps.events().catch(() => []),
        settings.mode === 'hub' ? deps.lanUrls() : Promise.resolve([]),
      ]);
      return { ...base, events, lanUrls, shortPin, setupCode: deps.setupCode(), pairing: pairingState() };
    },

    async save(change: StaffChange): Promise<StaffSaveResult> {
      if (!unlocked) return refusal();
      // The page is not trusted to send only what its form offers.
      if (!(MODES as readonly string[]).includes(change.mode)) return { ok: false, reason: 'Choose a mode.' };
      const current = deps.settings();
      let hubAddress = typeof change.hubAddress === 'string' ? change.hubAddress : '';
      // A paired satellite follows the hub it is paired with, and no other.
      const pairing = change.mode === 'satellite' ? pairingState() : null;
      if (pairing) {
        if (hubAddress.trim() === '') hubAddress = pairing.hubUrl;
        const typed = parseHubAddress(hubAddress);
        if (typed.ok && typed.url !== pairing.hubUrl) {
          return {
            ok: false,
            reason: `This kiosk is paired with the hub at ${pairing.hubUrl}: unpair it first to use another hub.`,
          };
        }
      }
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

    /**
     * A new PIN, once unlocked; or the first one, with no PIN set yet, which then opens the staff screen: whoever
     * chooses it is the staff who set the kiosk up, since the shell shows nothing else until a PIN exists.
     */
    async setPin(pin: string): Promise<StaffSaveResult> {
      if (!unlocked && !needsPin()) return LOCKED;
      if (!isValidNewPin(String(pin))) return { ok: false, reason: NEW_PIN_MESSAGE };
      deps.persist({ ...deps.settings(), pinHash: await hashPin(String(pin)), pinAttempts: NO_ATTEMPTS });
      attempts = NO_ATTEMPTS;
      shortPin = false;
      unlocked = true;
      return { ok: true };
    },

    /** Pairs with a hub from its address and a pairing code; the kiosk then runs as its replica. */
    async pair(request: StaffPairRequest): Promise<StaffSaveResult> {
      if (!unlocked) return refusal();
      const { hubAddress, code, name } = (request ?? {}) as Partial<Record<keyof StaffPairRequest, unknown>>;
      const hub = parseHubAddress(typeof hubAddress === 'string' ? hubAddress : '');
      if (!hub.ok) return { ok: false, reason: hub.reason };
      if (isThisKiosk(hub.url, deps.settings().port)) return { ok: false, reason: THIS_KIOSK_REASON };
      const typedCode = typeof code === 'string' ? code.trim() : '';
      if (typedCode === '') return { ok: false, reason: 'Enter the pairing code from the hub.' };
      const typedName = typeof name === 'string' ? name.trim() : '';
      if (typedName.length > DEVICE_NAME_MAX) {
        return { ok: false, reason: `The kiosk's name can be at most ${DEVICE_NAME_MAX} characters.` };
      }
      return oneAtATime(() =>
        deps.pairing.pair({ hubUrl: hub.url, code: typedCode, name: typedName === '' ? null : typedName }),
      );
    },

    async unpair(): Promise<StaffSaveResult> {
      if (!unlocked) return refusal();
      return oneAtATime(() => deps.pairing.unpair());
    },

    async findHubs() {
      return unlocked ? deps.findHubs() : [];
    },
  };
}

export type StaffController = ReturnType<typeof createStaffController>;
