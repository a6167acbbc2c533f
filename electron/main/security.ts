import type { Session, WebContents } from 'electron';

/**
 * Electron's security checklist, as decisions the tests can table: which URLs a window may show, which permissions
 * a page gets. The wiring to Electron (`lockDownContents`, `lockDownSession`) only calls these.
 */

/** `protocol://host:port` of a URL, or null. Compared as text: custom schemes have no `URL.origin` under Node. */
function originKey(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // javascript:, data:, about:, blob: and the like carry no host: never an origin of ours.
  if (parsed.host === '' || parsed.username !== '' || parsed.password !== '') return null;
  return `${parsed.protocol}//${parsed.host}`;
}

/**
 * Whether a window whose pages come from `appOrigin` may show `url`: the same scheme, host and port, nothing else.
 * `localhost` and `127.0.0.1` are different origins here, as they are to the browser (cookies, storage, camera).
 */
export function isAllowedUrl(url: string, appOrigin: string): boolean {
  const own = originKey(appOrigin);
  return own !== null && originKey(url) === own;
}

/** The permissions Chromium asks Electron about (a subset of Electron's union type, as plain strings). */
export type PermissionName = string;

/**
 * Only the camera, only for the app's own pages: the kiosk scans QR codes. No microphone (`audio`), no screen
 * capture, notifications, geolocation, USB, clipboard reads or anything else a page could ask for.
 */
export function isPermissionGranted(
  permission: PermissionName,
  requestingUrl: string,
  appOrigin: string,
  mediaTypes: readonly string[] = ['video'],
): boolean {
  if (permission !== 'media') return false;
  if (!isAllowedUrl(requestingUrl, appOrigin)) return false;
  // Chromium sends [] when it only asks about device enumeration; anything beyond video is refused.
  return mediaTypes.every((type) => type === 'video');
}

/**
 * A fallback policy for responses that carry none (the server's kiosk pages bring their own stricter one):
 * nothing from other origins, no plugins, no framing.
 */
export const FALLBACK_CSP =
  "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob: mediastream:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/** Response headers with `FALLBACK_CSP` added when the response has no Content-Security-Policy of its own. */
export function withFallbackCsp(headers: Record<string, string[]> | undefined): Record<string, string[]> {
  const result = { ...headers };
  const hasPolicy = Object.keys(result).some((name) => name.toLowerCase() === 'content-security-policy');
  if (!hasPolicy) result['Content-Security-Policy'] = [FALLBACK_CSP];
  return result;
}

/**
 * A window's page stays on its origin: no new windows, no navigation or redirect elsewhere, no <webview>. A link
 * to another site in some event's description does nothing rather than leave the kiosk.
 */
export function lockDownContents(contents: WebContents, appOrigin: () => string): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const stayHome = (event: { url: string; preventDefault(): void }) => {
    if (!isAllowedUrl(event.url, appOrigin())) event.preventDefault();
  };
  contents.on('will-navigate', stayHome);
  contents.on('will-frame-navigate', stayHome);
  contents.on('will-redirect', stayHome);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * Whether the kiosk window may send a request: anything but the dashboard's API. The dashboard has a window and a
 * session of its own (dashboard-window.ts); from the kiosk's session nobody signs in, sets up the install or uses
 * a staff session, whatever page an attendee finds. Compared loosely (case, repeated slashes), refusing too much
 * rather than too little.
 */
export function isKioskRequestAllowed(url: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return true;
  }
  const loose = pathname.toLowerCase().replace(/\/{2,}/g, '/');
  return !(loose === '/dashboard/api' || loose.startsWith('/dashboard/api/'));
}

/** Applies `isKioskRequestAllowed` to every request of the kiosk window's session. */
export function keepDashboardApiAway(session: Session): void {
  session.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !isKioskRequestAllowed(details.url) }),
  );
}

/** Permissions and the fallback CSP for every page of a session the app's windows use. */
export function lockDownSession(session: Session, appOrigin: () => string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    callback(isPermissionGranted(permission, details.requestingUrl, appOrigin(), mediaTypes));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionGranted(permission, requestingOrigin, appOrigin()),
  );
  session.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withFallbackCsp(details.responseHeaders) }),
  );
}
