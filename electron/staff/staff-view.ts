import type {
  StaffChange,
  StaffPairing,
  StaffPairRequest,
  StaffSaveResult,
  StaffState,
  StaffUnlockResult,
} from '../bridge.ts';

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
    case 'no-pin':
      return 'No staff PIN is set yet: choose one first.';
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

/** The pairing form as the request to send; main judges it again (staff-controller.ts). */
export function pairRequest(form: { hubAddress: string; code: string; name: string }): StaffPairRequest {
  return { hubAddress: form.hubAddress.trim(), code: form.code.trim(), name: form.name.trim() };
}

/** What the staff screen says about a paired kiosk: whom it follows, then what waits and how sync goes. */
export function pairingLines(pairing: StaffPairing): { hub: string; detail: string } {
  const waiting =
    pairing.waiting === 0
      ? 'Every change made here has reached the hub.'
      : pairing.waiting === 1
        ? '1 change made here is waiting to reach the hub.'
        : `${pairing.waiting} changes made here are waiting to reach the hub.`;
  const sync = {
    'in-step': 'In step with the hub.',
    offline: 'Working offline: the hub cannot be reached right now. The kiosk keeps working.',
    refused: 'The hub refuses this kiosk: it may have been revoked there. Ask the hub’s owner.',
    none: 'Runs as the hub’s replica in satellite mode.',
  }[pairing.sync ?? 'none'];
  return { hub: `Paired with the hub at ${pairing.hubUrl}`, detail: `${waiting} ${sync}` };
}

export const PAIRING_PROGRESS = 'Pairing with the hub and taking a first copy of its events…';
export const UNPAIRING_PROGRESS = 'Unpairing…';
export const PAIRED_MESSAGE = 'Paired. This kiosk now runs as the hub’s replica.';
export const UNPAIRED_MESSAGE = 'Unpaired. This kiosk uses its own database again.';
