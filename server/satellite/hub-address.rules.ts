import { DEFAULT_PORT } from '../platform/config.ts';

export type HubAddress = { ok: true; url: string } | { ok: false; reason: string };

/**
 * What staff type (or discovery finds) as the hub's address, normalised to an origin: `192.168.1.20`,
 * `hub.local:8787` and `http://192.168.1.20:8787/` all become `http://host:port`. The port defaults to the
 * server's, not to 80, because that is where a hub listens unless told otherwise.
 *
 * Only plain http: the hub is an Arrivals server on the venue LAN, which has no certificate. Anything else that a
 * URL can carry (credentials, a path, a query) is refused rather than dropped, so a typo is never silently "fixed".
 */
export function parseHubAddress(input: string): HubAddress {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'Enter the hub address, like 192.168.1.20:8787.' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, reason: `"${text}" is not an address.` };
  }
  if (url.protocol !== 'http:') return { ok: false, reason: 'The hub address must start with http://.' };
  if (url.username || url.password) return { ok: false, reason: 'The hub address cannot carry a user name.' };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    return { ok: false, reason: 'The hub address is a host and port only, like 192.168.1.20:8787.' };
  }
  if (url.hostname === '') return { ok: false, reason: `"${text}" is not an address.` };
  // URL drops the default port (80) from `url.port`: an explicit :80 must survive, an absent one means ours.
  const explicitPort = /^[a-z][a-z0-9+.-]*:\/\/[^/]*:(\d+)\/?$/i.exec(withScheme)?.[1];
  const port = explicitPort !== undefined ? Number(explicitPort) : DEFAULT_PORT;
  if (port < 1 || port > 65535) return { ok: false, reason: 'The hub port must be between 1 and 65535.' };
  return { ok: true, url: `http://${url.hostname}:${port}` };
}
