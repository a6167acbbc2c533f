import type { StaffChange, StaffSaveResult, StaffState, StaffUnlockResult } from '../bridge.ts';

/**
 * What the staff page says and sends, apart from the DOM it says it in (staff.ts), so it is tested under Node. The
 * main process judges every change again (main/staff-controller.ts): nothing here is a check.
 */

const MODES: readonly StaffChange['mode'][] = ['standalone', 'hub', 'satellite'];
const VIEWS: readonly StaffChange['view'][] = ['kiosk', 'dashboard'];

/** The line under the PIN prompt after a refused unlock; null once it opened. */
export function unlockMessage(result: StaffUnlockResult): string | null {
  switch (result.outcome) {
    case 'open':
      return null;
    case 'locked':
      return `Too many wrong PINs. Try again in ${result.retryInSeconds} seconds.`;
    case 'wrong-pin':
      return 'That PIN is not right.';
    case 'unreadable':
      return 'The staff PIN cannot be checked: the settings file is damaged. Reset the PIN by starting Arrivals with --reset-staff-pin on this computer.';
  }
}

/** The form's choices as the change to save: nothing chosen is the standalone kiosk, no event the event list. */
export function staffChange(form: {
  mode: string | undefined;
  view: string | undefined;
  hubAddress: string;
  eventId: string;
}): StaffChange {
  return {
    mode: MODES.find((mode) => mode === form.mode) ?? 'standalone',
    hubAddress: form.hubAddress,
    eventId: form.eventId || null,
    view: VIEWS.find((view) => view === form.view) ?? 'kiosk',
  };
}

export function pinMessage(result: StaffSaveResult): string {
  return result.ok ? 'The staff PIN is set.' : result.reason;
}

export function eventLabel(event: StaffState['events'][number]): string {
  return `${event.name} (${event.organization})`;
}

export const NO_EVENT_LABEL = 'Choose on the kiosk (list of events)';

export function hubLabel(hub: { name: string; url: string }): string {
  return `${hub.name} — ${hub.url}`;
}

export function lanUrlCaption(url: string): string {
  return `Other kiosks and browsers: ${url}`;
}
