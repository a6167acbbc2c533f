import { describe, expect, it } from 'vitest';
import { messages } from '../../../server/platform/messages.ts';
import { ApiError } from '../../../renderer/src/shared/api/client.ts';
import { checkInOpensAt } from '../../../renderer/src/kiosk/check-in/opening.ts';
import { createRepeatFilter } from '../../../renderer/src/kiosk/scan/repeat-filter.ts';
import { cameraProblem } from '../../../renderer/src/kiosk/scan/useQrCamera.ts';
import {
  DEFAULT_SETTINGS,
  keyboardLayoutFor,
  readSettings,
} from '../../../renderer/src/kiosk/shell/settings-rules.ts';

/** A filter on a clock the test moves. */
function filterAt(windowMs: number) {
  let now = 0;
  const filter = createRepeatFilter(windowMs, () => now);
  return { accept: (code: string) => filter.accept(code), at: (ms: number) => (now = ms) };
}

describe('the same code again is the same person', () => {
  it('drops a code seen again within the window of its own last sighting, however long it is held up', () => {
    const codes = filterAt(3000);
    expect(codes.accept('ADA')).toBe(true);
    // Held up for ten seconds, read every 100 ms: one person, once.
    for (let at = 100; at <= 10_000; at += 100) {
      codes.at(at);
      expect(codes.accept('ADA')).toBe(false);
    }
    // Away for the whole window, then back: a second try.
    codes.at(13_000);
    expect(codes.accept('ADA')).toBe(true);
  });

  it('keeps two codes in view apart: the decoder reading one, then the other, is two people, each once', () => {
    const codes = filterAt(3000);
    const read = ['ADA', 'GRACE', 'ADA', 'GRACE', 'ADA', 'GRACE'].map((code, i) => {
      codes.at(i * 100);
      return codes.accept(code);
    });
    expect(read).toEqual([true, true, false, false, false, false]);
  });

  it('lets a code count again at exactly the window, not a millisecond before', () => {
    const codes = filterAt(3000);
    codes.accept('ADA');
    codes.at(2999);
    expect(codes.accept('GRACE')).toBe(true);
    codes.at(5998);
    expect(codes.accept('GRACE')).toBe(false);
    codes.at(8998);
    expect(codes.accept('GRACE')).toBe(true);
    expect(codes.accept('ADA')).toBe(true);
  });
});

describe("a kiosk's URL settings for the door", () => {
  it('runs the home camera when the device has one, unless told on or off', () => {
    expect(readSettings('').homeCamera).toBe('auto');
    expect(readSettings('?camera=on').homeCamera).toBe('on');
    expect(readSettings('?camera=OFF').homeCamera).toBe('off');
    expect(readSettings('?camera=maybe').homeCamera).toBe('auto');
  });

  it('takes the keyboard letters from keyboard=azerty or qwerty, which leave the keyboard on', () => {
    expect(readSettings('')).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('?keyboard=azerty')).toMatchObject({
      keyboardLayout: 'azerty',
      onScreenKeyboard: true,
    });
    expect(readSettings('?keyboard=QWERTY')).toMatchObject({
      keyboardLayout: 'qwerty',
      onScreenKeyboard: true,
    });
    expect(readSettings('?keyboard=off')).toMatchObject({ keyboardLayout: 'auto', onScreenKeyboard: false });
    expect(readSettings('?keyboard=dvorak')).toMatchObject({
      keyboardLayout: 'auto',
      onScreenKeyboard: true,
    });
  });

  it('types French on AZERTY and English on QWERTY unless the setting says otherwise', () => {
    expect(keyboardLayoutFor('auto', 'fr')).toBe('azerty');
    expect(keyboardLayoutFor('auto', 'en')).toBe('qwerty');
    expect(keyboardLayoutFor('qwerty', 'fr')).toBe('qwerty');
    expect(keyboardLayoutFor('azerty', 'en')).toBe('azerty');
  });
});

describe('why a camera cannot start', () => {
  it.each([
    ['Error getting userMedia, error = NotAllowedError: Permission denied', 'denied'],
    [new DOMException('Permission denied', 'NotAllowedError'), 'denied'],
    ['Error getting userMedia, error = NotFoundError: Requested device not found', 'missing'],
    ['Error getting userMedia, error = NotReadableError: Could not start video source', 'unavailable'],
  ])('%s is %s', (error, status) => {
    expect(cameraProblem(error)).toBe(status);
  });
});

describe('when check-in opens, from a refusal', () => {
  const NOW = new Date('2026-11-21T10:00:00Z');
  const notYet = (body: unknown) => new ApiError(403, messages.checkInNotAvailable, {}, body);

  it("takes the kiosk scan's opens_at", () => {
    const refusal = notYet({ message: messages.checkInNotAvailable, opens_at: '2026-11-21T17:30:00+00:00' });
    expect(checkInOpensAt(refusal, null, NOW)).toBe('2026-11-21T17:30:00+00:00');
  });

  it("falls back on the opening the kiosk's event announced, while it is still ahead", () => {
    const refusal = notYet({ message: messages.checkInNotAvailable });
    expect(checkInOpensAt(refusal, '2026-11-21T17:30:00+00:00', NOW)).toBe('2026-11-21T17:30:00+00:00');
    expect(checkInOpensAt(refusal, '2026-11-21T09:00:00+00:00', NOW)).toBeNull();
    expect(checkInOpensAt(refusal, null, NOW)).toBeNull();
  });

  it('says nothing of an opening for any other refusal', () => {
    const opensAt = '2026-11-21T17:30:00+00:00';
    expect(
      checkInOpensAt(
        new ApiError(403, messages.selfCheckInDisabled, {}, { opens_at: opensAt }),
        opensAt,
        NOW,
      ),
    ).toBeNull();
    expect(checkInOpensAt(new ApiError(404, messages.checkInNotAvailable), opensAt, NOW)).toBeNull();
  });
});
