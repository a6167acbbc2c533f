import { Bonjour, type Service } from 'bonjour-service';
import { parseHubAddress } from '../../server/satellite/hub-address.rules.ts';

/**
 * Hubs announce themselves on the LAN by DNS-SD (`_arrivals._tcp`); a satellite's staff screen lists what it
 * hears. Typing the address always works too: venue Wi-Fi often blocks multicast between clients.
 */
export const SERVICE_TYPE = 'arrivals';
/** TXT record marking the announcement as an Arrivals hub (and its protocol version, for later changes). */
export const HUB_TXT = { app: 'arrivals', role: 'hub', v: '1' } as const;

export interface FoundHub {
  name: string;
  url: string;
}

/** A discovered service as a hub to offer staff, or null when it is not an Arrivals hub or has no usable address. */
export function hubFromService(
  service: Pick<Service, 'name' | 'port' | 'addresses' | 'txt' | 'referer'>,
): FoundHub | null {
  const txt = (service.txt ?? {}) as Record<string, unknown>;
  if (txt.app !== HUB_TXT.app || txt.role !== HUB_TXT.role) return null;
  // Prefer an IPv4 address the service lists; the address the answer came from is the fallback.
  const address =
    service.addresses?.find((a) => /^\d{1,3}(\.\d{1,3}){3}$/.test(a)) ?? service.referer?.address ?? null;
  if (!address) return null;
  const parsed = parseHubAddress(`${address}:${service.port}`);
  return parsed.ok ? { name: service.name, url: parsed.url } : null;
}

export interface DiscoveryOptions {
  /** multicast-dns options; tests pin the interface to loopback so nothing leaves the machine. */
  mdns?: { interface?: string; bind?: string; ip?: string; port?: number; loopback?: boolean };
}

/** Announces this hub until the returned function is called. */
export function publishHub(name: string, port: number, options: DiscoveryOptions = {}): () => Promise<void> {
  const bonjour = new Bonjour(options.mdns ?? {});
  bonjour.publish({ name, type: SERVICE_TYPE, port, txt: { ...HUB_TXT }, disableIPv6: true });
  return () => new Promise((resolve) => bonjour.unpublishAll(() => bonjour.destroy(() => resolve())));
}

/** Listens for hubs for `durationMs` and returns those heard, without duplicates. */
export function browseHubs(durationMs: number, options: DiscoveryOptions = {}): Promise<FoundHub[]> {
  const bonjour = new Bonjour(options.mdns ?? {});
  const found = new Map<string, FoundHub>();
  const browser = bonjour.find({ type: SERVICE_TYPE }, (service) => {
    const hub = hubFromService(service);
    if (hub) found.set(hub.url, hub);
  });
  return new Promise((resolve) =>
    setTimeout(() => {
      browser.stop();
      bonjour.destroy(() => resolve([...found.values()]));
    }, durationMs),
  );
}
