import type { BrowserWindow } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  isBlockedShortcut,
  isStaffChord,
  lockKioskWindow,
  type KeyInput,
} from '../../../electron/main/kiosk-lock.ts';
import { cancellable, FakeBrowserWindow } from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).electronModule);

const key = (keyName: string, modifiers: Partial<KeyInput> = {}): KeyInput => ({
  type: 'keyDown',
  key: keyName,
  control: false,
  alt: false,
  shift: false,
  meta: false,
  ...modifiers,
});

describe('isStaffChord', () => {
  it.each([
    key('a', { control: true, alt: true, shift: true }),
    key('A', { control: true, alt: true, shift: true }),
    key('a', { meta: true, alt: true, shift: true }),
  ])('opens the staff exit for Ctrl/Cmd+Alt+Shift+A (%o)', (input) => {
    expect(isStaffChord(input)).toBe(true);
  });

  it.each([
    key('a'),
    key('a', { shift: true }),
    key('a', { control: true, alt: true }),
    key('a', { control: true, shift: true }),
    key('s', { control: true, alt: true, shift: true }),
    { ...key('a', { control: true, alt: true, shift: true }), type: 'keyUp' },
  ])('ignores %o', (input) => {
    expect(isStaffChord(input)).toBe(false);
  });
});

describe('isBlockedShortcut', () => {
  const production = { production: true };
  it.each([
    ['Alt+F4', key('F4', { alt: true })],
    ['F11', key('F11')],
    ['F5', key('F5')],
    ['Ctrl+W', key('w', { control: true })],
    ['Cmd+Q', key('q', { meta: true })],
    ['Ctrl+R', key('r', { control: true })],
    ['Ctrl+Shift+R', key('R', { control: true, shift: true })],
    ['Ctrl+N', key('n', { control: true })],
    ['Ctrl+P', key('p', { control: true })],
    ['Ctrl+L', key('l', { control: true })],
    ['Ctrl+plus', key('+', { control: true })],
    ['Ctrl+0', key('0', { control: true })],
    ['Alt+Left', key('ArrowLeft', { alt: true })],
    ['F12', key('F12')],
    ['Ctrl+Shift+I', key('I', { control: true, shift: true })],
    ['Cmd+Alt+I is Cmd+Shift+I on a Mac keyboard layout', key('i', { meta: true, shift: true })],
  ])('blocks %s in production', (_name, input) => {
    expect(isBlockedShortcut(input, production)).toBe(true);
  });

  it.each([
    ['letters', key('a')],
    ['capitals', key('A', { shift: true })],
    ['digits', key('7')],
    ['@ (AltGr+Q on German keyboards)', key('@', { alt: true, control: true })],
    ['Tab', key('Tab')],
    ['Shift+Tab', key('Tab', { shift: true })],
    ['Enter', key('Enter')],
    ['Backspace', key('Backspace')],
    ['arrows', key('ArrowLeft')],
    ['Ctrl+A (select all in a field)', key('a', { control: true })],
    ['Ctrl+C', key('c', { control: true })],
    ['Ctrl+V', key('v', { control: true })],
    ['a key release', { ...key('F4', { alt: true }), type: 'keyUp' }],
  ])('leaves %s alone', (_name, input) => {
    expect(isBlockedShortcut(input, production)).toBe(false);
  });

  it('leaves devtools shortcuts to the engineer in development', () => {
    expect(isBlockedShortcut(key('F12'), { production: false })).toBe(false);
    expect(isBlockedShortcut(key('I', { control: true, shift: true }), { production: false })).toBe(false);
    expect(isBlockedShortcut(key('w', { control: true }), { production: false })).toBe(true);
  });
});

describe('lockKioskWindow', () => {
  function locked() {
    const window = new FakeBrowserWindow();
    const onStaffChord = vi.fn();
    const lock = lockKioskWindow(window as unknown as BrowserWindow, { production: true, onStaffChord });
    return { window, onStaffChord, lock };
  }

  it('refuses to close until staff allow it', () => {
    const { window, lock } = locked();
    window.close();
    expect(window.isDestroyed()).toBe(false);
    lock.allowClose();
    window.close();
    expect(window.isDestroyed()).toBe(true);
  });

  it('swallows blocked shortcuts and hands the staff chord over', () => {
    const { window, onStaffChord } = locked();
    const altF4 = cancellable();
    window.webContents.emit('before-input-event', altF4, key('F4', { alt: true }));
    expect(altF4.defaultPrevented).toBe(true);
    const typing = cancellable();
    window.webContents.emit('before-input-event', typing, key('x'));
    expect(typing.defaultPrevented).toBe(false);
    expect(onStaffChord).not.toHaveBeenCalled();
    const chord = cancellable();
    window.webContents.emit('before-input-event', chord, key('a', { control: true, alt: true, shift: true }));
    expect(chord.defaultPrevented).toBe(true);
    expect(onStaffChord).toHaveBeenCalledOnce();
  });
});
