/**
 * Kiosk behaviour an operator can tune in the kiosk's URL, read once at start so it survives in-app navigation:
 * `/kiosk/{event}?idle=90&result=5&keyboard=off&badge=off&sound=off`.
 */
export interface KioskSettings {
  /** Without input for this long, the kiosk returns home and forgets the last person. */
  idleMs: number;
  /** How long a result screen stays before returning home. */
  resultMs: number;
  /** The on-screen keyboard, for touch screens without a physical one. */
  onScreenKeyboard: boolean;
  /** A "Print my badge" button after check-in (`badge=off` where the venue has no printer). */
  badges: boolean;
  /** How long "Still there?" counts down before the idle reset wipes a half-filled form. */
  stillThereMs: number;
}

export const DEFAULT_SETTINGS: KioskSettings = {
  idleMs: 60_000,
  resultMs: 10_000,
  onScreenKeyboard: true,
  badges: true,
  stillThereMs: 15_000,
};

function seconds(value: string | null, fallback: number): number {
  if (value === null) return fallback;
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? Math.round(number * 1000) : fallback;
}

export function readSettings(search: string): KioskSettings {
  const params = new URLSearchParams(search);
  return {
    idleMs: seconds(params.get('idle'), DEFAULT_SETTINGS.idleMs),
    resultMs: seconds(params.get('result'), DEFAULT_SETTINGS.resultMs),
    onScreenKeyboard: params.get('keyboard') !== 'off',
    badges: params.get('badge') !== 'off',
    stillThereMs: seconds(params.get('still'), DEFAULT_SETTINGS.stillThereMs),
  };
}

const SOUND_KEY = 'arrivals.kiosk.sound';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Whether results beep. `?sound=off` / `?sound=on` in the kiosk's URL, or the start page's toggle, sets it and it is
 * remembered on this device (localStorage), so a kiosk reopened without the parameter stays as staff left it.
 */
export function soundOn(): boolean {
  return storage()?.getItem(SOUND_KEY) !== 'off';
}

export function setSound(on: boolean): void {
  storage()?.setItem(SOUND_KEY, on ? 'on' : 'off');
}

{
  const asked = new URLSearchParams(window.location.search).get('sound');
  if (asked === 'off' || asked === 'on') setSound(asked === 'on');
}

export const settings: KioskSettings = readSettings(window.location.search);
