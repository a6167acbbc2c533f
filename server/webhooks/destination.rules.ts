import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may go. A token can point an endpoint anywhere, and the delivery log shows what answered, so
 * without these rules an endpoint is a way to read the kiosk's own loopback services and the venue LAN. Addresses
 * that reach only this machine or the local network (loopback, private, link-local, CGNAT, unique-local,
 * multicast, unspecified, reserved, and IPv6 forms that carry such an IPv4 address) are refused unless an owner put
 * the host on the organization's LAN integrations list. The URL is checked when it is saved, and the address again
 * when each connection is made (webhooks/destination-agent.ts), since a name can resolve elsewhere later.
 */

/**
 * IPv4-compatible IPv6 (`::a.b.c.d`, deprecated): ipaddr.js calls these unicast, but they carry an IPv4 address
 * that some stacks still route to.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Whether an IP address may be connected to without the owner's say: only what ipaddr.js calls `unicast`, the
 * addresses of the public internet. An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return false;
  return parsed.range() === 'unicast';
}

/** A URL's hostname without the brackets of an IPv6 literal: what `net.isIP` and ipaddr.js read. */
export function unbracketed(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** Whether a URL's hostname is an IP address written out (the URL parser has already normalised its forms). */
export function isAddressLiteral(hostname: string): boolean {
  return isIP(unbracketed(hostname)) !== 0;
}

/** The port a URL connects to: its own, or its scheme's. */
export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * Whether `hostname` (as a URL writes it: lower case, IPv6 in brackets) and `port` are on the list. An entry
 * `host:port` allows that port only; a bare `host` allows every port of it.
 */
export function isListedDestination(listed: readonly string[], hostname: string, port: number): boolean {
  return listed.includes(`${hostname}:${port}`) || listed.includes(hostname);
}

/**
 * Whether a URL may be saved for an endpoint: refused only when its host is an address written out, outside the
 * public ranges, and not on the list. A name passes here and is judged by what it resolves to when connecting.
 */
export function isUrlAllowedAtSave(value: string, listed: readonly string[]): boolean {
  const url = new URL(value);
  if (!isAddressLiteral(url.hostname)) return true;
  return isPublicAddress(unbracketed(url.hostname)) || isListedDestination(listed, url.hostname, portOf(url));
}

const BRACKETED = /^\[([^\]]+)\](?::(\d{1,5}))?$/;
const NAME_OR_IPV4 = /^([^:[\]/?#@\s]+)(?::(\d{1,5}))?$/;

/**
 * An entry of the LAN integrations list as typed (`192.168.1.20:8080`, `printer.local`, `[fd00::7]:9000`, `fd00::7`)
 * in the form the list keeps and compares: the host as a URL's hostname writes it (lower case, IPv4 in dotted
 * decimal, IPv6 compressed and in brackets), then `:port` when one was given. Null when it is not a host with an
 * optional port.
 */
export function normalizeLanHost(text: string): string | null {
  const value = text.trim();
  let host: string;
  let port: string | undefined;
  const bracketed = BRACKETED.exec(value);
  const plain = NAME_OR_IPV4.exec(value);
  if (bracketed) [, host, port] = bracketed as unknown as [string, string, string | undefined];
  else if (plain) [, host, port] = plain as unknown as [string, string, string | undefined];
  else if (ipaddr.IPv6.isValid(value)) host = value;
  else return null;
  if (host.includes(':') && !ipaddr.IPv6.isValid(host)) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return null;

  let hostname: string;
  try {
    hostname = new URL(`http://${host.includes(':') ? `[${host}]` : host}/`).hostname;
  } catch {
    return null;
  }
  return port === undefined ? hostname : `${hostname}:${Number(port)}`;
}

/**
 * Cloud metadata services on addresses outside the link-local range: AWS's over IPv6 (inside fc00::/7) and
 * Alibaba's (inside CGNAT). 169.254.169.254 (AWS, GCP, Azure, ...) is link-local already.
 */
const METADATA_ADDRESSES = new Set(['fd00:ec2::254', '100.100.100.200']);

/** The ranges an organization's mail server may be in: the internet, this machine and the venue's LAN. */
const MAIL_RANGES = new Set(['unicast', 'loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);

/**
 * Whether the mail server may be at `address`. Unlike a webhook's, a mail server set by an owner may be on this
 * machine or the venue's LAN (a relay often is), so loopback, private and unique-local addresses are allowed; what
 * no mail server is ever at is not: link-local (169.254.0.0/16, fe80::/10, where cloud metadata answers), the
 * metadata addresses elsewhere, unspecified, multicast, broadcast, reserved, and IPv6 forms that carry an IPv4
 * address (judged as webhooks judge them). An IPv4-mapped IPv6 address is judged as its IPv4 address.
 */
export function isMailServerAddressAllowed(address: string): boolean {
  const literal = unbracketed(address);
  if (!ipaddr.isValid(literal)) return false;
  const parsed = ipaddr.process(literal);
  if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return false;
  if (METADATA_ADDRESSES.has(parsed.toString())) return false;
  return MAIL_RANGES.has(parsed.range());
}
