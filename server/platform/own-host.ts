import os from 'node:os';

/**
 * The host name a Host header (or a configured name) names: lower case, without port, brackets or a trailing dot,
 * IP addresses in their canonical form; null when it is not a plain host[:port].
 */
export function hostNameOf(value: string): string | null {
  let url: URL;
  try {
    url = new URL(`http://${value}`);
  } catch {
    return null;
  }
  const plain = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
  if (!plain || value.includes('/') || value.includes('?') || value.includes('#')) return null;
  const name = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  return name === '' ? null : name;
}

/** An address as a socket or the OS reports it, in the form `hostNameOf` gives. IPv4-mapped IPv6 is its IPv4. */
function addressName(address: string): string | null {
  const plain = address.replace(/%.*$/, '').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return hostNameOf(plain.includes(':') ? `[${plain}]` : plain);
}

export interface OwnHostSources {
  /** Names configured with `--allowed-host` / `ARRIVALS_ALLOWED_HOSTS` / `buildApp({ allowedHosts })`. */
  allowedHosts?: readonly string[];
  /** The machine's host name and interface addresses; the OS's unless a test says otherwise. */
  hostname?: () => string;
  interfaceAddresses?: () => string[];
}

const osInterfaceAddresses = () =>
  Object.values(os.networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));

/**
 * Whether a request's Host names this server: localhost and the loopback addresses, the address the connection
 * reached (`localAddress`), the machine's host name (also as `<name>.local`, and its first label), its interface
 * addresses, and the configured names. A browser tricked by DNS rebinding sends the attacker's name as Host,
 * which is none of these.
 *
 * The machine's names and addresses are read again on a miss, since a venue's DHCP can move the machine to a new
 * address while it runs; a hit costs one set lookup.
 */
export function ownHostCheck(sources: OwnHostSources = {}) {
  const hostname = sources.hostname ?? os.hostname;
  const interfaceAddresses = sources.interfaceAddresses ?? osInterfaceAddresses;
  const configured = (sources.allowedHosts ?? []).map(hostNameOf).filter((name) => name !== null);

  const collect = (): Set<string> => {
    const names = new Set<string>(['localhost', '127.0.0.1', '::1', ...configured]);
    const machine = hostNameOf(hostname());
    if (machine) {
      const firstLabel = machine.split('.')[0]!;
      for (const name of [machine, `${machine}.local`, firstLabel, `${firstLabel}.local`]) names.add(name);
    }
    for (const address of interfaceAddresses()) {
      const name = addressName(address);
      if (name) names.add(name);
    }
    return names;
  };
  let known = collect();

  return function isOwnHost(hostHeader: string | undefined, localAddress: string | undefined): boolean {
    const name = hostHeader ? hostNameOf(hostHeader) : null;
    if (name === null) return false;
    if (known.has(name)) return true;
    if (localAddress !== undefined && addressName(localAddress) === name) return true;
    known = collect();
    return known.has(name);
  };
}

/** Whether each name can stand in a Host header (`--allowed-host` is checked with this at start). */
export function invalidHostNames(names: readonly string[]): string[] {
  return names.filter((name) => hostNameOf(name) === null);
}

/**
 * Whether `origin` (a request's Origin header) is the server's own origin as the request reached it: the same
 * scheme as the connection (`http` unless TLS, or a trusted proxy, says otherwise) and the same host and port as
 * its Host header. `https://host` is not the origin of a plain-HTTP server on `host`.
 */
export function isSameOrigin(
  origin: string | undefined,
  host: string | undefined,
  protocol: 'http' | 'https',
): boolean {
  if (!origin || !host) return false;
  try {
    const from = new URL(origin);
    // Through URL on both sides, so `http://kiosk:80` and `kiosk` compare equal.
    return from.protocol === `${protocol}:` && from.host === new URL(`${protocol}://${host}`).host;
  } catch {
    return false;
  }
}

/**
 * Whether a server would route `url` to the dashboard API. Read as Fastify's router reads it (dot segments
 * resolved, %-escapes decoded once), so that `/dashboard/%61pi/setup` cannot pass for another path; for servers
 * that forward such paths on (satellites, replicas) rather than route them themselves.
 */
export function isDashboardApiPath(url: string): boolean {
  // Asked of every request a replica serves: most never name the dashboard, and a path can become one only by
  // naming it, by escapes, or by a tab or line break, which the URL parser drops (`/dash<TAB>board`).
  if (!url.includes('dashboard') && !/[%\t\n\r]/.test(url)) return false;
  // A leading `//` would make URL read a host; reply-from sends such a path on as it is.
  const path = new URL(url.replace(/^\/+/, '/'), 'http://forwarder.invalid').pathname;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A broken escape: the hub answers 400 to it, whatever the path.
  }
  return decoded.startsWith('/dashboard/api/');
}

/**
 * The machine's addresses that other devices on the venue network can reach, best first: IPv4 before IPv6 (phones
 * and kiosks type and scan those most reliably), without loopback or link-local ones, which no other device can
 * use in a URL.
 */
export function lanAddresses(interfaceAddresses: () => string[] = osInterfaceAddresses): string[] {
  const found = new Set<string>();
  for (const address of interfaceAddresses()) {
    const name = addressName(address);
    if (!name || name === 'localhost') continue;
    if (/^127\./.test(name) || name === '::1' || /^fe[89ab][0-9a-f]:/i.test(name) || /^169\.254\./.test(name))
      continue;
    if (name === '0.0.0.0' || name === '::') continue;
    found.add(name);
  }
  const ipv4 = [...found].filter((name) => !name.includes(':'));
  const ipv6 = [...found].filter((name) => name.includes(':'));
  return [...ipv4, ...ipv6];
}
