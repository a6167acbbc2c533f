import { describe, expect, it } from 'vitest';
import {
  eventLabel,
  hubLabel,
  pairingLines,
  pairRequest,
  pinMessage,
  staffChange,
  unlockMessage,
} from '../../../electron/staff/staff-view.ts';

describe('the staff page', () => {
  it('says why an unlock was refused, and nothing once it opened', () => {
    expect(unlockMessage({ outcome: 'open' })).toBeNull();
    expect(unlockMessage({ outcome: 'wrong-pin' })).toBe('That PIN is not right.');
    expect(unlockMessage({ outcome: 'no-pin' })).toBe('No staff PIN is set yet: choose one first.');
    expect(unlockMessage({ outcome: 'locked', retryInSeconds: 42 })).toBe(
      'Too many wrong PINs. Try again in 42 seconds.',
    );
    expect(unlockMessage({ outcome: 'unreadable' })).toBe(
      'The staff PIN cannot be checked: the settings file is damaged. Reset the PIN by starting Arrivals with --reset-staff-pin on this computer.',
    );
  });

  it('saves the choices made, an empty event as the event list', () => {
    expect(
      staffChange({ mode: 'satellite', view: 'dashboard', hubAddress: '10.0.0.2:8787', eventId: '' }),
    ).toEqual({
      mode: 'satellite',
      view: 'dashboard',
      hubAddress: '10.0.0.2:8787',
      eventId: null,
    });
    expect(staffChange({ mode: 'hub', view: 'kiosk', hubAddress: '', eventId: 'e1' })).toMatchObject({
      mode: 'hub',
      eventId: 'e1',
    });
  });

  it('saves a standalone kiosk when no mode or view is chosen', () => {
    expect(staffChange({ mode: undefined, view: undefined, hubAddress: '', eventId: '' })).toEqual({
      mode: 'standalone',
      view: 'kiosk',
      hubAddress: '',
      eventId: null,
    });
  });

  it('confirms a new PIN, or shows why it was refused', () => {
    expect(pinMessage({ ok: true })).toBe('The staff PIN is set.');
    expect(pinMessage({ ok: false, reason: 'A staff PIN is 6 to 12 digits.' })).toBe(
      'A staff PIN is 6 to 12 digits.',
    );
  });

  it('names events with their organization and hubs with their address', () => {
    expect(eventLabel({ id: 'e1', name: 'Launch Night', organization: 'Acme' })).toBe('Launch Night (Acme)');
    expect(hubLabel({ name: 'Front desk', url: 'http://10.0.0.2:8787' })).toBe(
      'Front desk — http://10.0.0.2:8787',
    );
  });

  it('sends the pairing form trimmed', () => {
    expect(pairRequest({ hubAddress: ' 10.0.0.2 ', code: ' abcd-efgh ', name: '  ' })).toEqual({
      hubAddress: '10.0.0.2',
      code: 'abcd-efgh',
      name: '',
    });
  });

  it('says whom a paired kiosk follows, what waits and how sync goes', () => {
    const hubUrl = 'http://10.0.0.2:8787';
    expect(pairingLines({ hubUrl, waiting: 0, sync: 'in-step' })).toEqual({
      hub: 'Paired with the hub at http://10.0.0.2:8787',
      detail: 'Every change made here has reached the hub. In step with the hub.',
    });
    expect(pairingLines({ hubUrl, waiting: 1, sync: 'offline' }).detail).toBe(
      '1 change made here is waiting to reach the hub. Working offline: the hub cannot be reached right now. ' +
        'The kiosk keeps working.',
    );
    expect(pairingLines({ hubUrl, waiting: 12, sync: 'refused' }).detail).toBe(
      '12 changes made here are waiting to reach the hub. The hub refuses this kiosk: it may have been revoked ' +
        'there. Ask the hub’s owner.',
    );
    expect(pairingLines({ hubUrl, waiting: 0, sync: null }).detail).toBe(
      'Every change made here has reached the hub. Runs as the hub’s replica in satellite mode.',
    );
  });
});
