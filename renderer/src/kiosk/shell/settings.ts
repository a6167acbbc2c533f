import { readSettings, type KioskSettings } from './settings-rules.ts';

export { DEFAULT_SETTINGS, readSettings, type KioskSettings } from './settings-rules.ts';

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
