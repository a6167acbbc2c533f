import { describe, expect, it, vi } from 'vitest';
import type { Session, WebContents } from 'electron';
import {
  FALLBACK_CSP,
  isAllowedUrl,
  isPermissionGranted,
  lockDownContents,
  lockDownSession,
  withFallbackCsp,
  isKioskRequestAllowed,
  keepDashboardApiAway,
} from '../../../electron/main/security.ts';
import { cancellable, FakeWebContents, fakeSession } from './fake-electron.ts';

vi.mock('electron', async () => (await import('./fake-electron.ts')).electronModule);

const APP = 'http://127.0.0.1:8787';

describe('isAllowedUrl: only the app origin', () => {
  it.each([
    'http://127.0.0.1:8787/',
    'http://127.0.0.1:8787',
    'http://127.0.0.1:8787/kiosk/4f1c2e4e-0000-4000-8000-000000000000/scan?lang=de#x',
    'HTTP://127.0.0.1:8787/kiosk',
    'http://127.0.0.1:8787/../../etc/passwd',
    // WHATWG URL reads a backslash as a slash: this is a path on our own origin.
    'http://127.0.0.1:8787\\@evil.example/',
    // Other spellings of our own address are our own origin to the URL standard, and to Chromium.
    'http://127.0.0.1%2e:8787/',
    'http://2130706433:8787/',
  ])('allows %s', (url) => {
    expect(isAllowedUrl(url, APP)).toBe(true);
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['our host as a subdomain of theirs', 'http://127.0.0.1.evil.example:8787/'],
    ['our origin as a user name', 'http://127.0.0.1:8787@evil.example/'],
    ['credentials on our origin', 'http://user:pass@127.0.0.1:8787/'],
    ['another port', 'http://127.0.0.1:8788/'],
    ['the default port', 'http://127.0.0.1/'],
    ['https instead of http', 'https://127.0.0.1:8787/'],
    ['localhost (a different origin)', 'http://localhost:8787/'],
    ['IPv6 loopback (a different origin)', 'http://[::1]:8787/'],
    ['0.0.0.0', 'http://0.0.0.0:8787/'],
    ['decimal IP spelling of another host', 'http://2130706434:8787/'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: with our origin inside', 'javascript://127.0.0.1:8787/%0aalert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['blob: of our origin', 'blob:http://127.0.0.1:8787/4f1c2e4e-0000-4000-8000-000000000000'],
    ['file:', 'file:///etc/passwd'],
    ['view-source:', 'view-source:http://127.0.0.1:8787/'],
    ['chrome:', 'chrome://settings'],
    ['devtools:', 'devtools://devtools/bundled/inspector.html'],
    ['about:blank', 'about:blank'],
    ['a protocol-relative URL', '//evil.example/'],
    ['a relative path (no base)', '/kiosk'],
    ['an empty string', ''],
    ['garbage', 'http://'],
    ['a lookalike host', 'http://127.0.0.1:8787.evil.example/'],
    ['ftp', 'ftp://127.0.0.1:8787/'],
  ])('refuses %s', (_why, url) => {
    expect(isAllowedUrl(url, APP)).toBe(false);
  });

  it('refuses everything when the app origin itself is not a usable origin', () => {
    expect(isAllowedUrl('javascript:alert(1)', 'javascript:alert(1)')).toBe(false);
    expect(isAllowedUrl('', '')).toBe(false);
  });

  it('works for the staff page on its private scheme', () => {
    expect(isAllowedUrl('arrivals-staff://staff/staff.js', 'arrivals-staff://staff')).toBe(true);
    expect(isAllowedUrl('arrivals-staff://other/staff.js', 'arrivals-staff://staff')).toBe(false);
    expect(isAllowedUrl('http://staff/', 'arrivals-staff://staff')).toBe(false);
  });
});

describe('isPermissionGranted: the camera, for the app origin only', () => {
  it('grants video to the app origin', () => {
    expect(isPermissionGranted('media', `${APP}/kiosk/x/scan`, APP, ['video'])).toBe(true);
    expect(isPermissionGranted('media', APP, APP, [])).toBe(true);
  });

  it.each([
    ['the microphone', 'media', `${APP}/`, ['audio']],
    ['camera and microphone', 'media', `${APP}/`, ['video', 'audio']],
    ['the camera for another origin', 'media', 'https://evil.example/', ['video']],
    ['the camera for localhost', 'media', 'http://localhost:8787/', ['video']],
    ['the camera for a data: page', 'media', 'data:text/html,x', ['video']],
    ['geolocation', 'geolocation', `${APP}/`, undefined],
    ['notifications', 'notifications', `${APP}/`, undefined],
    ['screen capture', 'display-capture', `${APP}/`, undefined],
    ['clipboard read', 'clipboard-read', `${APP}/`, undefined],
    ['USB', 'usb', `${APP}/`, undefined],
    ['serial', 'serial', `${APP}/`, undefined],
    ['HID', 'hid', `${APP}/`, undefined],
    ['MIDI with sysex', 'midiSysex', `${APP}/`, undefined],
    ['opening external apps', 'openExternal', `${APP}/`, undefined],
    ['pointer lock', 'pointerLock', `${APP}/`, undefined],
    ['fullscreen (the kiosk already is)', 'fullscreen', `${APP}/`, undefined],
    ['an unknown permission', 'unknown', `${APP}/`, undefined],
  ])('refuses %s', (_why, permission, url, mediaTypes) => {
    expect(isPermissionGranted(permission, url, APP, mediaTypes as string[] | undefined)).toBe(false);
  });
});

describe('withFallbackCsp', () => {
  it('adds the fallback policy to a response without one', () => {
    expect(withFallbackCsp({ 'Content-Type': ['text/html'] })).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [FALLBACK_CSP],
    });
    expect(withFallbackCsp(undefined)['Content-Security-Policy']).toEqual([FALLBACK_CSP]);
  });

  it("keeps the server's own policy, in any letter case", () => {
    const headers = { 'content-security-policy': ["default-src 'self'; script-src 'self'"] };
    expect(withFallbackCsp(headers)).toEqual(headers);
  });

  it('forbids plugins, framing and other origins', () => {
    expect(FALLBACK_CSP).toContain("default-src 'self'");
    expect(FALLBACK_CSP).toContain("object-src 'none'");
    expect(FALLBACK_CSP).toContain("frame-ancestors 'none'");
    expect(FALLBACK_CSP).not.toContain('unsafe-eval');
  });
});

describe('lockDownContents', () => {
  const contents = new FakeWebContents();
  lockDownContents(contents as unknown as WebContents, () => APP);

  it('denies every window.open', () => {
    expect(contents.openHandler?.({ url: `${APP}/kiosk` })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    'blocks %s away from the app origin and lets the app move between its own pages',
    (eventName) => {
      const away = cancellable({ url: 'https://evil.example/' });
      contents.emit(eventName, away);
      expect(away.defaultPrevented).toBe(true);
      const home = cancellable({ url: `${APP}/kiosk/x` });
      contents.emit(eventName, home);
      expect(home.defaultPrevented).toBe(false);
    },
  );

  it('refuses to attach a webview', () => {
    const event = cancellable();
    contents.emit('will-attach-webview', event);
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('lockDownSession', () => {
  const session = fakeSession();
  let origin = APP;
  lockDownSession(session as unknown as Session, () => origin);

  it('answers permission requests with the pure decision, reading the current origin', () => {
    const answers: boolean[] = [];
    session.permissionRequest!(null, 'media', (granted: boolean) => answers.push(granted), {
      requestingUrl: `${APP}/kiosk/x/scan`,
      mediaTypes: ['video'],
    });
    session.permissionRequest!(null, 'media', (granted: boolean) => answers.push(granted), {
      requestingUrl: `${APP}/`,
      mediaTypes: ['audio'],
    });
    session.permissionRequest!(null, 'geolocation', (granted: boolean) => answers.push(granted), {
      requestingUrl: `${APP}/`,
    });
    origin = 'http://127.0.0.1:9999';
    session.permissionRequest!(null, 'media', (granted: boolean) => answers.push(granted), {
      requestingUrl: `${APP}/`,
      mediaTypes: ['video'],
    });
    expect(answers).toEqual([true, false, false, false]);
    origin = APP;
  });

  it('answers permission checks the same way', () => {
    expect(session.permissionCheck!(null, 'media', APP, {})).toBe(true);
    expect(session.permissionCheck!(null, 'media', 'https://evil.example', {})).toBe(false);
    expect(session.permissionCheck!(null, 'notifications', APP, {})).toBe(false);
  });

  it('adds the fallback CSP to responses', () => {
    let answer: unknown;
    session.headersReceived!({ responseHeaders: {} }, (response: unknown) => (answer = response));
    expect(answer).toEqual({ responseHeaders: { 'Content-Security-Policy': [FALLBACK_CSP] } });
  });
});

describe("isKioskRequestAllowed: never the dashboard's API from the kiosk window", () => {
  it.each([
    'http://127.0.0.1:8787/',
    'http://127.0.0.1:8787/kiosk/4f1c2e4e-0000-4000-8000-000000000000/scan',
    'http://127.0.0.1:8787/public/organizations',
    'http://127.0.0.1:8787/satellite/status',
    'http://127.0.0.1:8787/assets/index.js',
    'http://127.0.0.1:8787/dashboard',
    'http://127.0.0.1:8787/dashboard/api-docs-are-not-the-api',
  ])('lets %s through', (url) => expect(isKioskRequestAllowed(url)).toBe(true));

  it.each([
    'http://127.0.0.1:8787/dashboard/api/session',
    'http://127.0.0.1:8787/dashboard/api/setup',
    'http://127.0.0.1:8787/dashboard/api',
    'http://127.0.0.1:8787/dashboard/api/events?x=1',
    'http://127.0.0.1:8787//dashboard//api/session',
    'http://127.0.0.1:8787/Dashboard/API/session',
    'http://127.0.0.1:8787/kiosk/../dashboard/api/session',
    'http://192.168.1.20:8787/dashboard/api/session',
  ])('cancels %s', (url) => expect(isKioskRequestAllowed(url)).toBe(false));

  it('is applied to every request of the session', () => {
    const session = fakeSession();
    keepDashboardApiAway(session as unknown as Session);
    const callback = vi.fn();
    session.beforeRequest!({ url: 'http://127.0.0.1:8787/dashboard/api/session' }, callback);
    session.beforeRequest!({ url: 'http://127.0.0.1:8787/public/organizations' }, callback);
    expect(callback.mock.calls).toEqual([[{ cancel: true }], [{ cancel: false }]]);
  });
});
