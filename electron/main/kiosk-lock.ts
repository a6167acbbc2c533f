import type { BrowserWindow } from 'electron';

/** The keyboard as Electron's `before-input-event` reports it (the fields the decisions read). */
export interface KeyInput {
  type: string;
  key: string;
  control: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
}

/**
 * The staff chord: Ctrl+Alt+Shift+A (Cmd on macOS counts as Ctrl). Three modifiers, so no attendee types it by
 * accident on a hardware keyboard, and the on-screen keyboard cannot produce it at all.
 */
export function isStaffChord(input: KeyInput): boolean {
  return (
    input.type === 'keyDown' &&
    (input.control || input.meta) &&
    input.alt &&
    input.shift &&
    input.key.toLowerCase() === 'a'
  );
}

/**
 * Keys an attendee must not use to leave, reload or inspect the kiosk. Kiosk mode already hides the window frame;
 * these are the shortcuts Chromium and the OS menus would still honour. Typing, Tab, Enter, Backspace and the
 * arrows stay untouched: the forms need them.
 */
export function isBlockedShortcut(input: KeyInput, options: { production: boolean }): boolean {
  if (input.type !== 'keyDown') return false;
  const key = input.key.toLowerCase();
  const command = input.control || input.meta;
  // Alt+F4 closes, F11 leaves full screen, F5 reloads (losing the visit), F12 opens devtools.
  if (key === 'f4' && input.alt) return true;
  if (key === 'f11' || key === 'f5') return true;
  if (key === 'f12' || (command && input.shift && ['i', 'j', 'c'].includes(key))) return options.production;
  // Close, quit, reload, new window, print, open, save, find, zoom, history and address bar shortcuts.
  if (command && ['w', 'q', 'r', 'n', 't', 'p', 'o', 's', 'f', 'l', 'h', '+', '=', '-', '0'].includes(key)) {
    return true;
  }
  // Alt+Left/Right would walk the history out of the kiosk's screens.
  if (input.alt && (key === 'arrowleft' || key === 'arrowright' || key === 'home')) return true;
  return false;
}

/**
 * Holds the kiosk window: closing is refused unless staff asked for it, shortcuts are swallowed, and the staff
 * chord calls `onStaffChord`. Returns the switch the quit path flips to let the window close.
 */
export function lockKioskWindow(
  window: BrowserWindow,
  options: { production: boolean; onStaffChord: () => void },
): { allowClose(): void } {
  let closeAllowed = false;
  window.on('close', (event) => {
    if (!closeAllowed) event.preventDefault();
  });
  window.webContents.on('before-input-event', (event, input) => {
    if (isStaffChord(input)) {
      event.preventDefault();
      options.onStaffChord();
    } else if (isBlockedShortcut(input, options)) {
      event.preventDefault();
    }
  });
  return {
    allowClose() {
      closeAllowed = true;
    },
  };
}
