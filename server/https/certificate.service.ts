// Before @peculiar/x509, which needs it as it loads.
import './reflect-metadata.ts';
import { createHash, webcrypto, X509Certificate as NodeCertificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import * as x509 from '@peculiar/x509';
import {
  CA_VALIDITY_MS,
  fingerprintText,
  isPermittedName,
  nameConstraintsDer,
  needsNewServerCertificate,
  PERMITTED_NAMES,
  PERMITTED_RANGES,
  SERVER_VALIDITY_MS,
  type CertificateNames,
} from './certificate.rules.ts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

/**
 * The venue's certificates (docs/https.md): a venue certificate authority that Arrivals makes once per hub, kept in
 * the data dir (`tls/`, the key readable by its owner only), and the server certificates it issues for this machine,
 * again whenever one is near its end or the machine has a name or address it does not cover. Or the certificate and
 * key an organizer gives.
 */

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const NAME_CONSTRAINTS_OID = '2.5.29.30';

export interface TlsFiles {
  dir: string;
  caKey: string;
  caCert: string;
  /** The names the CA was made for besides the LAN's (`--allowed-host` when it was made). */
  caNames: string;
  serverKey: string;
  serverCert: string;
}

export function tlsFiles(dataDir: string): TlsFiles {
  const dir = path.join(dataDir, 'tls');
  return {
    dir,
    caKey: path.join(dir, 'venue-ca.key'),
    caCert: path.join(dir, 'venue-ca.crt'),
    caNames: path.join(dir, 'venue-ca.json'),
    serverKey: path.join(dir, 'server.key'),
    serverCert: path.join(dir, 'server.crt'),
  };
}

/** A key and certificate as Node's TLS takes them (PEM), with the CA that issued them when it is the venue's. */
export interface ServingCertificate {
  key: string;
  cert: string;
  /** The venue CA's certificate (PEM), to hand to devices; null for an organizer's own certificate. */
  ca: string | null;
}

export interface VenueCa {
  pem: string;
  der: Buffer;
  /** SHA-256 of the certificate, `AB:CD:…`, for a device's settings to be compared with. */
  fingerprint: string;
  notAfter: Date;
}

const pemOfKey = (pkcs8: ArrayBuffer) =>
  `-----BEGIN PRIVATE KEY-----\n${Buffer.from(pkcs8)
    .toString('base64')
    .replace(/.{64}/g, '$&\n')
    .replace(/\n?$/, '\n')}-----END PRIVATE KEY-----\n`;

function writePrivate(file: string, text: string): void {
  // Created with its mode, never widened: the key is the venue's.
  fs.writeFileSync(file, text, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

async function importKey(pem: string): Promise<CryptoKey> {
  const body = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  return webcrypto.subtle.importKey('pkcs8', Buffer.from(body, 'base64'), ALGORITHM, false, [
    'sign',
  ]) as Promise<CryptoKey>;
}

/** The venue CA in `dataDir`, if one was made there. */
export function venueCa(dataDir: string): VenueCa | null {
  const files = tlsFiles(dataDir);
  if (!fs.existsSync(files.caCert)) return null;
  const pem = fs.readFileSync(files.caCert, 'utf8');
  const certificate = new NodeCertificate(pem);
  return {
    pem,
    der: certificate.raw,
    fingerprint: fingerprintText(createHash('sha256').update(certificate.raw).digest('hex')),
    notAfter: new Date(certificate.validTo),
  };
}

/**
 * Makes the venue CA in `dataDir` unless one exists (or `replace`): ECDSA P-256, ten years, allowed to sign server
 * certificates only for the venue's LAN (`PERMITTED_RANGES`, `PERMITTED_NAMES`) and `names`.
 */
export async function makeVenueCa(
  dataDir: string,
  options: { now: Date; label: string; names?: readonly string[]; replace?: boolean },
): Promise<VenueCa> {
  const files = tlsFiles(dataDir);
  const existing = venueCa(dataDir);
  if (existing && !options.replace) return existing;
  fs.mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: `CN=${escapeName(options.label)}, O=Arrivals`,
    notBefore: new Date(options.now.getTime() - 60 * 60 * 1000),
    notAfter: new Date(options.now.getTime() + CA_VALIDITY_MS),
    signingAlgorithm: SIGNING,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      new x509.Extension(
        NAME_CONSTRAINTS_OID,
        true,
        nameConstraintsDer(PERMITTED_RANGES, [...PERMITTED_NAMES, ...(options.names ?? [])]),
      ),
    ],
  });
  writePrivate(
    files.caKey,
    pemOfKey((await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)) as ArrayBuffer),
  );
  fs.writeFileSync(files.caCert, certificate.toString('pem'));
  fs.writeFileSync(files.caNames, JSON.stringify({ names: options.names ?? [] }));
  // A new CA: the server certificate of the old one goes.
  fs.rmSync(files.serverCert, { force: true });
  return venueCa(dataDir)!;
}

/** The names besides the LAN's that the venue CA in `dataDir` may vouch for. */
export function venueCaNames(dataDir: string): string[] {
  try {
    const { names } = JSON.parse(fs.readFileSync(tlsFiles(dataDir).caNames, 'utf8')) as { names?: unknown };
    return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** What an existing server certificate covers, read back from its file. */
function currentServerCertificate(files: TlsFiles): { notAfter: Date; names: CertificateNames } | null {
  if (!fs.existsSync(files.serverCert) || !fs.existsSync(files.serverKey)) return null;
  const certificate = new x509.X509Certificate(fs.readFileSync(files.serverCert, 'utf8'));
  const san = certificate.getExtension(x509.SubjectAlternativeNameExtension);
  const names = san?.names.items ?? [];
  return {
    notAfter: certificate.notAfter,
    names: {
      dns: names.filter((n) => n.type === 'dns').map((n) => n.value),
      ips: names.filter((n) => n.type === 'ip').map((n) => n.value),
    },
  };
}

/**
 * The server's key and certificate under the venue CA in `dataDir` (made if missing), issued again when the one
 * there is near its end or does not cover `names`.
 */
export async function venueServerCertificate(
  dataDir: string,
  options: { now: Date; label: string; names: CertificateNames; caNames?: readonly string[] },
): Promise<ServingCertificate & { issued: boolean; leftOut: string[] }> {
  const files = tlsFiles(dataDir);
  const ca = await makeVenueCa(dataDir, { now: options.now, label: options.label, names: options.caNames });
  // A name the CA may not vouch for would make the whole certificate fail to verify: it is left out, and said.
  const permitted = venueCaNames(dataDir);
  const leftOut = options.names.dns.filter((name) => !isPermittedName(name, permitted));
  const names = {
    ...options.names,
    dns: options.names.dns.filter((name) => isPermittedName(name, permitted)),
  };
  let issued = false;
  if (needsNewServerCertificate(currentServerCertificate(files), names, options.now)) {
    const caCertificate = new x509.X509Certificate(ca.pem);
    const caKey = await importKey(fs.readFileSync(files.caKey, 'utf8'));
    const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
    const certificate = await x509.X509CertificateGenerator.create({
      serialNumber: randomSerial(),
      // Not a host name: verifiers read the names from the alternative names, under the CA's constraints.
      subject: 'CN=Arrivals server',
      issuer: caCertificate.subject,
      notBefore: new Date(options.now.getTime() - 60 * 60 * 1000),
      notAfter: new Date(options.now.getTime() + SERVER_VALIDITY_MS),
      signingAlgorithm: SIGNING,
      publicKey: keys.publicKey,
      signingKey: caKey,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
        new x509.SubjectAlternativeNameExtension([
          ...names.dns.map((value) => ({ type: 'dns' as const, value })),
          ...names.ips.map((value) => ({ type: 'ip' as const, value })),
        ]),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
        await x509.AuthorityKeyIdentifierExtension.create(caCertificate.publicKey),
      ],
    });
    writePrivate(
      files.serverKey,
      pemOfKey((await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)) as ArrayBuffer),
    );
    fs.writeFileSync(files.serverCert, certificate.toString('pem'));
    issued = true;
  }
  return {
    key: fs.readFileSync(files.serverKey, 'utf8'),
    cert: fs.readFileSync(files.serverCert, 'utf8'),
    ca: ca.pem,
    issued,
    leftOut,
  };
}

export type OrganizerCertificate =
  { ok: true; certificate: ServingCertificate; notAfter: Date } | { ok: false; problem: string };

/** An organizer's own certificate and key (PEM files): read, checked to belong together, and not expired. */
export function organizerCertificate(certFile: string, keyFile: string, now: Date): OrganizerCertificate {
  let cert: string;
  let key: string;
  try {
    cert = fs.readFileSync(certFile, 'utf8');
  } catch {
    return { ok: false, problem: `The certificate file ${certFile} cannot be read.` };
  }
  try {
    key = fs.readFileSync(keyFile, 'utf8');
  } catch {
    return { ok: false, problem: `The key file ${keyFile} cannot be read.` };
  }
  let certificate: NodeCertificate;
  try {
    certificate = new NodeCertificate(cert);
  } catch {
    return { ok: false, problem: `${certFile} is not a PEM certificate.` };
  }
  try {
    tls.createSecureContext({ cert, key });
  } catch {
    return { ok: false, problem: `The key in ${keyFile} is not the key of the certificate in ${certFile}.` };
  }
  const notAfter = new Date(certificate.validTo);
  if (notAfter.getTime() <= now.getTime()) {
    return { ok: false, problem: `The certificate in ${certFile} expired on ${notAfter.toISOString()}.` };
  }
  return { ok: true, certificate: { cert, key, ca: null }, notAfter };
}

function randomSerial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0]! &= 0x7f;
  return Buffer.from(bytes).toString('hex');
}

/** A value of a distinguished name, with the characters RFC 4514 escapes escaped. */
function escapeName(value: string): string {
  return value.replace(/[,+"\\<>;=]/g, '\\$&').slice(0, 64);
}

/** What the server shows devices of its venue CA (`GET /venue-ca.crt`, `/trust`): read at each ask. */
export function venueCertificates(dataDir: string) {
  return { venueCa: () => venueCa(dataDir) };
}

export type VenueCertificates = ReturnType<typeof venueCertificates>;
