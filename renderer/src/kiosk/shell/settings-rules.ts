import type { Language } from '../../shared/i18n/index.ts';

/**
 * Kiosk behaviour an operator can tune in the kiosk's URL (./settings.ts reads it once at start, so it survives
 * in-app navigation): `/kiosk/{event}?idle=90&result=5&keyboard=azerty&badge=off&camera=off`.
 */
export interface KioskSettings {
  /** Without input for this long, the kiosk returns home and forgets the last person. */
  idleMs: number;
  /** How long a result screen stays before returning home. */
  resultMs: number;
  /** The on-screen keyboard, for touch screens without a physical one (`keyboard=off`). */
  onScreenKeyboard: boolean;
  /**
   * The on-screen keyboard's letters: `keyboard=azerty` or `keyboard=qwerty`; by default the language on screen's
   * own (AZERTY in French, QWERTY in English).
   */
  keyboardLayout: KeyboardLayoutSetting;
  /** A "Print my badge" button after check-in (`badge=off` where the venue has no printer). */
  badges: boolean;
  /** How long "Still there?" counts down before the idle reset wipes a half-filled form. */
  stillThereMs: number;
  /**
   * The camera on the home screen, reading codes with no tap: `auto` runs it when the device has a camera, `on`
   * always tries (and says why it cannot), `off` never (`camera=on`, `camera=off`).
   */
  homeCamera: HomeCameraSetting;
}

export type KeyboardLayoutSetting = 'auto' | KeyboardLayout;
export type KeyboardLayout = 'qwerty' | 'azerty';
export type HomeCameraSetting = 'auto' | 'on' | 'off';

export const DEFAULT_SETTINGS: KioskSettings = {
  idleMs: 60_000,
  resultMs: 10_000,
  onScreenKeyboard: true,
  keyboardLayout: 'auto',
  badges: true,
  stillThereMs: 15_000,
  homeCamera: 'auto',
};

function seconds(value: string | null, fallback: number): number {
  if (value === null) return fallback;
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? Math.round(number * 1000) : fallback;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  const lower = value?.trim().toLowerCase();
  return allowed.find((option) => option === lower) ?? fallback;
}

export function readSettings(search: string): KioskSettings {
  const params = new URLSearchParams(search);
  const keyboard = params.get('keyboard');
  return {
    idleMs: seconds(params.get('idle'), DEFAULT_SETTINGS.idleMs),
    resultMs: seconds(params.get('result'), DEFAULT_SETTINGS.resultMs),
    onScreenKeyboard: keyboard !== 'off',
    keyboardLayout: oneOf(keyboard, ['qwerty', 'azerty'], DEFAULT_SETTINGS.keyboardLayout),
    badges: params.get('badge') !== 'off',
    stillThereMs: seconds(params.get('still'), DEFAULT_SETTINGS.stillThereMs),
    homeCamera: oneOf(params.get('camera'), ['auto', 'on', 'off'], DEFAULT_SETTINGS.homeCamera),
  };
}

/** The letters' order on the on-screen keyboard: the setting's, else the one people of the language type on. */
export function keyboardLayoutFor(setting: KeyboardLayoutSetting, language: Language): KeyboardLayout {
  if (setting !== 'auto') return setting;
  return language === 'fr' ? 'azerty' : 'qwerty';
}
