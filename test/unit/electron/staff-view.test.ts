import { describe, expect, it } from 'vitest';
import {
  eventLabel,
  hubLabel,
  pinMessage,
  staffChange,
  unlockMessage,
} from '../../../electron/staff/staff-view.ts';

describe('the staff page', () => {
  it('says why an unlock was refused, and nothing once it opened', () => {
    expect(unlockMessage({ outcome: 'open' })).toBeNull();
    expect(unlockMessage({ outcome: 'wrong-pin' })).toBe('That PIN is not right.');
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
});
