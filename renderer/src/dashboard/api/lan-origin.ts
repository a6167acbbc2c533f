import { useEffect, useState } from 'react';
import { answer, api } from '../../shared/api/client.ts';

const LOOPBACK = /^(localhost|127(\.\d+){3}|\[::1\])$/i;

/**
 * An origin to hand to other devices, and why they cannot open it, if they cannot: `no-network`, it names this
 * machine, which has no LAN address; `this-machine-only`, the server takes connections from this machine only
 * (`loopback_only`: `--host 127.0.0.1`, a desktop kiosk on its own).
 */
export interface Reach {
  origin: string;
  unreachable: 'no-network' | 'this-machine-only' | null;
}

let lanReach: Promise<Reach> | null = null;

/**
 * The origin a QR code or a link handed to another device should carry: the dashboard's own, unless it was opened
 * as localhost, which on a phone or another kiosk names that device itself; then the server's first LAN address
 * (`GET /dashboard/api/lan-origins`), and localhost only when the machine has none. A dashboard opened at another
 * address was reached from the network, so the network reaches it.
 */
export function reach(): Promise<Reach> {
  const here = window.location.origin;
  if (!LOOPBACK.test(window.location.hostname)) return Promise.resolve({ origin: here, unreachable: null });
  lanReach ??= answer(api.GET('/dashboard/api/lan-origins'))
    .then(({ data }): Reach => {
      const origin = data.origins[0];
      if (origin === undefined) return { origin: here, unreachable: 'no-network' };
      return { origin, unreachable: data.loopback_only ? 'this-machine-only' : null };
    })
    .catch((): Reach => {
      // Unknown for now: asked again next time.
      lanReach = null;
      return { origin: here, unreachable: null };
    });
  return lanReach;
}

/** `reach()` for a component: the page's origin until the LAN one is known (reachable until told otherwise). */
export function useReach(): Reach {
  const [found, setFound] = useState<Reach>({ origin: window.location.origin, unreachable: null });
  useEffect(() => {
    let live = true;
    void reach().then((answer) => live && setFound(answer));
    return () => {
      live = false;
    };
  }, []);
  return found;
}

/** `useReach()`'s origin alone. */
export const useReachableOrigin = (): string => useReach().origin;
