import { useEffect, useState } from 'react';
import { answer, api } from '../../shared/api/client.ts';

const LOOPBACK = /^(localhost|127(\.\d+){3}|\[::1\])$/i;

let lanOrigin: Promise<string> | null = null;

/**
 * The origin a QR code or a link handed to another device should carry: the dashboard's own, unless it was opened
 * as localhost, which on a phone or another kiosk names that device itself; then the server's first LAN address
 * (`GET /dashboard/api/lan-origins`), and localhost only when the machine has none.
 */
export function reachableOrigin(): Promise<string> {
  const here = window.location.origin;
  if (!LOOPBACK.test(window.location.hostname)) return Promise.resolve(here);
  lanOrigin ??= answer(api.GET('/dashboard/api/lan-origins'))
    .then((r) => r.data.origins[0] ?? here)
    .catch(() => {
      lanOrigin = null;
      return here;
    });
  return lanOrigin;
}

/** `reachableOrigin()` for a component: the page's origin until the LAN one is known. */
export function useReachableOrigin(): string {
  const [origin, setOrigin] = useState(window.location.origin);
  useEffect(() => {
    let live = true;
    void reachableOrigin().then((found) => live && setOrigin(found));
    return () => {
      live = false;
    };
  }, []);
  return origin;
}
