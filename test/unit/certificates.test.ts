import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isPermittedAddress,
  nameConstraintsDer,
  needsNewServerCertificate,
  serverCertificateNames,
} from '../../server/https/certificate.rules.ts';
import {
  makeVenueCa,
  organizerCertificate,
  tlsFiles,
  venueCa,
  venueServerCertificate,
} from '../../server/https/certificate.service.ts';
import { tempDataDir } from '../helpers/app.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const dirs: string[] = [];
const dataDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const NAMES = { dns: ['localhost', 'venue-laptop.local'], ips: ['127.0.0.1', '::1', '192.168.1.20'] };

/**
 * Serves TLS with `cert`/`key` on loopback and connects as a device that trusts only `ca`, to `servername` (a name,
 * or an address when the device opened one): resolves with the verification error, or null when it verified.
 */
async function verifyAs(
  served: { cert: string; key: string },
  ca: string,
  host: { servername?: string; checkIp?: string },
): Promise<string | null> {
  const server = https.createServer(served, (_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await new Promise((resolve) => {
      const socket = tls.connect({
        host: '127.0.0.1',
        port: (server.address() as AddressInfo).port,
        ca,
        ...(host.servername ? { servername: host.servername } : {}),
        checkServerIdentity: (_name, certificate) =>
          tls.checkServerIdentity(host.checkIp ?? host.servername!, certificate),
      });
      socket.once('secureConnect', () => {
        socket.end();
        resolve(null);
      });
      socket.once('error', (error) =>
        resolve(`${(error as NodeJS.ErrnoException).code ?? ''}: ${error.message}`),
      );
    });
  } finally {
    server.close();
  }
}

describe('the venue certificate authority', () => {
  it('is made once, its key readable by its owner only, and vouches only for the venue’s LAN', async () => {
    const dir = dataDir();
    const made = await makeVenueCa(dir, { now: NOW, label: 'Arrivals venue CA (venue-laptop)' });
    expect(made.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(fs.statSync(tlsFiles(dir).caKey).mode & 0o777).toBe(0o600);
    expect(fs.statSync(tlsFiles(dir).dir).mode & 0o777).toBe(0o700);
    expect((await makeVenueCa(dir, { now: NOW, label: 'another' })).fingerprint).toBe(made.fingerprint);
    expect(venueCa(dir)!.notAfter.getTime() - NOW.getTime()).toBeGreaterThan(3649 * 86_400_000);
    const replaced = await makeVenueCa(dir, { now: NOW, label: 'new', replace: true });
    expect(replaced.fingerprint).not.toBe(made.fingerprint);
  });

  it('issues a server certificate a device that trusts it verifies, by name and by address', async () => {
    const dir = dataDir();
    const served = await venueServerCertificate(dir, { now: new Date(), label: 'CA', names: NAMES });
    expect(served.issued).toBe(true);
    expect(fs.statSync(tlsFiles(dir).serverKey).mode & 0o777).toBe(0o600);
    expect(await verifyAs(served, served.ca!, { servername: 'venue-laptop.local' })).toBeNull();
    expect(await verifyAs(served, served.ca!, { servername: 'localhost' })).toBeNull();
    expect(await verifyAs(served, served.ca!, { checkIp: '192.168.1.20' })).toBeNull();
    // A name it was not issued for, and a device that does not trust the venue CA.
    expect(await verifyAs(served, served.ca!, { servername: 'other.local' })).toMatch(
      /^ERR_TLS_CERT_ALTNAME_INVALID/,
    );
    const stranger = await venueServerCertificate(dataDir(), { now: new Date(), label: 'CA', names: NAMES });
    expect(await verifyAs(served, stranger.ca!, { servername: 'localhost' })).toMatch(
      /^SELF_SIGNED_CERT_IN_CHAIN|^UNABLE_TO_VERIFY_LEAF_SIGNATURE/,
    );
  });

  it('cannot vouch for a name outside the venue, even to a device that trusts it', async () => {
    const dir = dataDir();
    const served = await venueServerCertificate(dir, {
      now: new Date(),
      label: 'CA',
      names: { dns: ['www.example.com'], ips: ['8.8.8.8'] },
    });
    expect(await verifyAs(served, served.ca!, { servername: 'www.example.com' })).toMatch(
      /permitted subtree violation/i,
    );
  });

  it('keeps a server certificate while it covers the machine, and issues another when it does not', async () => {
    const dir = dataDir();
    const first = await venueServerCertificate(dir, { now: NOW, label: 'CA', names: NAMES });
    const again = await venueServerCertificate(dir, { now: NOW, label: 'CA', names: NAMES });
    expect(again).toMatchObject({ issued: false, cert: first.cert });
    const newAddress = { ...NAMES, ips: [...NAMES.ips, '192.168.1.44'] };
    expect((await venueServerCertificate(dir, { now: NOW, label: 'CA', names: newAddress })).issued).toBe(
      true,
    );
    const nearItsEnd = new Date(NOW.getTime() + 380 * 86_400_000);
    expect(
      (await venueServerCertificate(dir, { now: nearItsEnd, label: 'CA', names: newAddress })).issued,
    ).toBe(true);
  });
});

describe('names the organizer gives', () => {
  it('are in the certificate when the CA was made for them, else left out and said', async () => {
    const names = { dns: ['localhost', 'checkin.example.org'], ips: ['127.0.0.1'] };
    const without = await venueServerCertificate(dataDir(), { now: new Date(), label: 'CA', names });
    expect(without.leftOut).toEqual(['checkin.example.org']);
    expect(await verifyAs(without, without.ca!, { servername: 'localhost' })).toBeNull();

    const made = await venueServerCertificate(dataDir(), {
      now: new Date(),
      label: 'CA',
      names,
      caNames: ['checkin.example.org'],
    });
    expect(made.leftOut).toEqual([]);
    expect(await verifyAs(made, made.ca!, { servername: 'checkin.example.org' })).toBeNull();
  });
});

describe('an organizer’s own certificate', () => {
  it('is taken when its key belongs to it and it has not expired', async () => {
    const dir = dataDir();
    const one = await venueServerCertificate(dir, { now: new Date(), label: 'CA', names: NAMES });
    const other = await venueServerCertificate(dataDir(), { now: new Date(), label: 'CA', names: NAMES });
    const files = tlsFiles(dir);
    const otherKey = `${dir}/other.key`;
    fs.writeFileSync(otherKey, other.key);
    expect(organizerCertificate(files.serverCert, files.serverKey, new Date())).toMatchObject({
      ok: true,
      certificate: { cert: one.cert, key: one.key, ca: null },
    });
    expect(organizerCertificate(files.serverCert, otherKey, new Date())).toEqual({
      ok: false,
      problem: `The key in ${otherKey} is not the key of the certificate in ${files.serverCert}.`,
    });
    expect(
      organizerCertificate(files.serverCert, files.serverKey, new Date(Date.now() + 400 * 86_400_000)),
    ).toMatchObject({ ok: false, problem: expect.stringMatching(/expired on/) });
    expect(organizerCertificate(`${dir}/missing.crt`, files.serverKey, new Date())).toEqual({
      ok: false,
      problem: `The certificate file ${dir}/missing.crt cannot be read.`,
    });
    expect(organizerCertificate(files.serverKey, files.serverKey, new Date())).toEqual({
      ok: false,
      problem: `${files.serverKey} is not a PEM certificate.`,
    });
  });
});

describe('certificate rules', () => {
  it('name the machine by its mDNS name, loopback and its private addresses only', () => {
    expect(
      serverCertificateNames({
        hostname: 'Venue-Laptop.example.org',
        lanAddresses: ['192.168.1.20', '203.0.113.9', 'fd00::20'],
        names: ['checkin.local', '10.1.2.3'],
      }),
    ).toEqual({
      dns: ['localhost', 'venue-laptop.local', 'checkin.local'],
      ips: ['127.0.0.1', '::1', '192.168.1.20', 'fd00::20', '10.1.2.3'],
    });
    expect(isPermittedAddress('172.31.0.1')).toBe(true);
    expect(isPermittedAddress('172.32.0.1')).toBe(false);
    expect(isPermittedAddress('::ffff:192.168.0.1')).toBe(true);
  });

  it('ask for a new certificate when one is missing, near its end, or short of a name', () => {
    const current = { notAfter: new Date('2027-06-01T00:00:00Z'), names: NAMES };
    expect(needsNewServerCertificate(null, NAMES, NOW)).toBe(true);
    expect(needsNewServerCertificate(current, NAMES, NOW)).toBe(false);
    expect(needsNewServerCertificate(current, { ...NAMES, ips: ['0:0:0:0:0:0:0:1'] }, NOW)).toBe(false);
    expect(needsNewServerCertificate(current, { ...NAMES, dns: ['other.local'] }, NOW)).toBe(true);
    expect(needsNewServerCertificate(current, NAMES, new Date('2027-05-10T00:00:00Z'))).toBe(true);
  });

  it('encode the name constraints as DER', () => {
    expect(nameConstraintsDer(['10.0.0.0/8'], ['local']).toString('hex')).toBe(
      '3017a015' + '3007' + '82056c6f63616c' + '300a' + '87080a000000ff000000',
    );
  });
});
