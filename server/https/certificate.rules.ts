import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What the venue's certificates say, as pure rules (server/https/, docs/https.md): which names and addresses a
 * server certificate covers, when it must be issued again, and the name constraints that keep a venue certificate
 * authority, once trusted by a phone, from vouching for anything but the venue's own LAN.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The venue CA lasts ten years: a device trusts it once. */
export const CA_VALIDITY_MS = 3650 * DAY_MS;
/** A server certificate lasts 397 days, the most browsers accept for any certificate. */
export const SERVER_VALIDITY_MS = 397 * DAY_MS;
/** A server certificate is issued again when it has less than this left (the server does it as it starts). */
export const RENEW_BEFORE_MS = 30 * DAY_MS;

/** The names and addresses a server certificate is for. */
export interface CertificateNames {
  dns: string[];
  ips: string[];
}

const uniqueLower = (items: readonly string[]) => [...new Set(items.map((item) => item.toLowerCase()))];

/**
 * What this machine's certificate must cover: `localhost`, its host name as mDNS names it (`NAME.local`), the names
 * the organizer gave (`--name` when the CA was made, or `--allowed-host`), loopback and every LAN address in the
 * ranges the venue CA may vouch for (`PERMITTED_RANGES`). A bare host name (`vm`) or a public address is left out:
 * under the CA's name constraints a certificate naming one would fail to verify altogether.
 */
export function serverCertificateNames(machine: {
  hostname: string;
  lanAddresses: readonly string[];
  names: readonly string[];
}): CertificateNames {
  const short = machine.hostname.toLowerCase().replace(/\.$/, '').split('.')[0] ?? '';
  const mdns = short && !net.isIP(machine.hostname) ? [`${short}.local`] : [];
  const dns = uniqueLower(['localhost', ...mdns, ...machine.names.filter((name) => !net.isIP(name))]);
  const ips = uniqueLower([
    '127.0.0.1',
    '::1',
    ...[...machine.lanAddresses, ...machine.names.filter((name) => net.isIP(name))].filter(
      isPermittedAddress,
    ),
  ]);
  return { dns, ips };
}

/** Whether the venue CA may vouch for `ip` (`PERMITTED_RANGES`). */
export function isPermittedAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  return PERMITTED_RANGES.some((range) => {
    const [base, bits] = ipaddr.parseCIDR(range);
    return base.kind() === address.kind() && address.match(base, bits);
  });
}

/** Whether the server needs a new certificate: none yet, expiring within `RENEW_BEFORE_MS`, or missing a name. */
export function needsNewServerCertificate(
  current: { notAfter: Date; names: CertificateNames } | null,
  wanted: CertificateNames,
  now: Date,
): boolean {
  if (!current) return true;
  if (current.notAfter.getTime() - now.getTime() < RENEW_BEFORE_MS) return true;
  const has = (list: readonly string[], item: string) => list.includes(item.toLowerCase());
  return (
    wanted.dns.some((name) => !has(current.names.dns, name)) ||
    wanted.ips.some((ip) => !has(current.names.ips.map(normalisedIp), normalisedIp(ip)))
  );
}

/** An IP address as one text whatever way it was written (`::1`, `0:0:0:0:0:0:0:1`). */
function normalisedIp(ip: string): string {
  return ipBytes(ip)?.toString('hex') ?? ip.toLowerCase();
}

function ipBytes(ip: string): Buffer | null {
  if (!ipaddr.isValid(ip)) return null;
  return Buffer.from(ipaddr.parse(ip).toByteArray());
}

/**
 * The venue's LAN, as the CA's name constraints permit it: private and loopback IPv4 ranges, IPv6 unique-local and
 * loopback, `.local` (mDNS) and `localhost` names, and the names the organizer gave when the CA was made. A
 * certificate for any other name (a bank's, a search engine's) fails to verify under it, even on a device that
 * trusts it.
 */
export const PERMITTED_RANGES = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '127.0.0.0/8',
  'fc00::/7',
  '::1/128',
] as const;
export const PERMITTED_NAMES = ['local', 'localhost'] as const;

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const der = (tag: number, content: Buffer) =>
  Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);

/** An address range as a name constraint's `iPAddress`: the address, then its mask. */
function rangeBytes(range: string): Buffer {
  const [address, bits] = range.split('/') as [string, string];
  const bytes = ipBytes(address);
  if (!bytes) throw new Error(`not an address range: ${range}`);
  const mask = Buffer.alloc(bytes.length);
  for (let bit = 0; bit < Number(bits); bit += 1) mask[bit >> 3]! |= 0x80 >> (bit & 7);
  return Buffer.concat([bytes, mask]);
}

/**
 * The DER of a NameConstraints extension's value (RFC 5280, 4.2.1.10) permitting only `ranges` and `names`:
 * `SEQUENCE { [0] SEQUENCE OF GeneralSubtree { base GeneralName } }`, names as `dNSName` [2] and ranges as
 * `iPAddress` [7].
 */
export function nameConstraintsDer(ranges: readonly string[], names: readonly string[]): Buffer {
  const subtree = (name: Buffer) => der(0x30, name);
  const subtrees = [
    ...names.map((name) => subtree(der(0x82, Buffer.from(name.toLowerCase(), 'ascii')))),
    ...ranges.map((range) => subtree(der(0x87, rangeBytes(range)))),
  ];
  return der(0x30, der(0xa0, Buffer.concat(subtrees)));
}

/** A SHA-256 fingerprint as devices show it: `AB:CD:…`. */
export function fingerprintText(hex: string): string {
  return (hex.toUpperCase().match(/.{2}/g) ?? []).join(':');
}

/** Whether a venue CA made with `caNames` may vouch for the DNS name `name` (`PERMITTED_NAMES` and those). */
export function isPermittedName(name: string, caNames: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return [...PERMITTED_NAMES, ...caNames].some(
    (n) => lower === n.toLowerCase() || lower.endsWith(`.${n.toLowerCase()}`),
  );
}
