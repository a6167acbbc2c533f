import os from 'node:os';
import { serverCertificateNames } from './certificate.rules.ts';
import {
  makeVenueCa,
  organizerCertificate,
  tlsFiles,
  venueServerCertificate,
  type ServingCertificate,
} from './certificate.service.ts';
import { FLAG, list, UsageError, withStore, type CliCommand, type Flags, type Io } from '../cli/command.ts';
import { systemClock } from '../platform/clock.ts';
import { ConfigError, resolvePort } from '../platform/config.ts';
import { invalidHostNames, lanAddresses } from '../platform/own-host.ts';
import { deviceService } from '../sync/device.service.ts';

export const httpsCommands: readonly CliCommand[] = [
  {
    name: 'https setup',
    help: [
      {
        synopsis: ['[--allowed-host NAME]... [--new-ca]'],
        summary: [
          "make the venue certificate authority (once) and this machine's",
          'certificate; prints where devices trust it',
        ],
      },
    ],
    flags: { 'allowed-host': FLAG.repeated, 'new-ca': FLAG.switch },
    run: ({ dataDir, flags, env, io }) => httpsSetup(dataDir, flags, env, io),
  },
];

/** `--allowed-host` (repeatable), else `ARRIVALS_ALLOWED_HOSTS` (comma-separated); each must be a host name. */
export function resolveAllowedHosts(fromFlags: string[] | undefined, env: NodeJS.ProcessEnv): string[] {
  const names = fromFlags ? fromFlags.map((name) => name.trim()) : list(env.ARRIVALS_ALLOWED_HOSTS);
  const invalid = invalidHostNames(names);
  if (invalid.length > 0) {
    const source = fromFlags ? '--allowed-host' : 'ARRIVALS_ALLOWED_HOSTS';
    throw new ConfigError(`${source}: "${invalid[0]}" is not a host name.`);
  }
  return names;
}

/** The label a venue CA shows in a device's settings. */
const venueCaLabel = () => `Arrivals venue CA (${os.hostname() || 'hub'})`;

/**
 * What `serve` serves over TLS: nothing; the venue CA's certificate for this machine (made or renewed now); or the
 * organizer's own (`--https-cert` and `--https-key`, which turn HTTPS on by themselves).
 */
export async function servingCertificate(
  dataDir: string,
  flags: Flags,
  env: NodeJS.ProcessEnv,
  allowedHosts: readonly string[],
  io: Io,
): Promise<{ certificate: ServingCertificate; port: number } | null> {
  const certFile = (flags['https-cert'] as string | undefined) ?? env.ARRIVALS_HTTPS_CERT;
  const keyFile = (flags['https-key'] as string | undefined) ?? env.ARRIVALS_HTTPS_KEY;
  const venue = flags.https === true || env.ARRIVALS_HTTPS === 'true';
  if (!venue && !certFile && !keyFile) return null;
  const portText = (flags['https-port'] as string | undefined) ?? env.ARRIVALS_HTTPS_PORT ?? '8443';
  const port = resolvePort(portText);
  if (certFile || keyFile) {
    if (!certFile || !keyFile) throw new UsageError('--https-cert and --https-key go together.');
    const own = organizerCertificate(certFile, keyFile, systemClock.now());
    if (!own.ok) throw new ConfigError(own.problem);
    return { certificate: own.certificate, port };
  }
  // The venue certificate authority is the hub's: a kiosk with one of its own would be one more for every device
  // to trust.
  const paired = withStore(dataDir, (store) => deviceService(store).pairedHub());
  if (paired?.role === 'kiosk') {
    throw new UsageError(
      'A paired kiosk serves HTTPS with a certificate you give it (--https-cert FILE --https-key FILE); the venue certificate is the hub’s.',
    );
  }
  const names = serverCertificateNames({
    hostname: os.hostname(),
    lanAddresses: lanAddresses(),
    names: allowedHosts,
  });
  const served = await venueServerCertificate(dataDir, {
    now: systemClock.now(),
    label: venueCaLabel(),
    names,
    caNames: allowedHosts,
  });
  for (const name of served.leftOut) {
    io.err(
      `The venue certificate cannot name ${name}: it was made before. Make a new one with ` +
        `arrivals https setup --new-ca --allowed-host ${name} (devices then trust it again).`,
    );
  }
  return { certificate: served, port };
}

/** `arrivals https setup`: the venue CA (made once, or again with --new-ca) and this machine's certificate. */
async function httpsSetup(dataDir: string, flags: Flags, env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const allowedHosts = resolveAllowedHosts(flags['allowed-host'] as string[] | undefined, env);
  // Opening the database first: the data dir is made and tightened as for every command.
  withStore(dataDir, () => undefined);
  const ca = await makeVenueCa(dataDir, {
    now: systemClock.now(),
    label: venueCaLabel(),
    names: allowedHosts,
    replace: flags['new-ca'] === true,
  });
  const served = await venueServerCertificate(dataDir, {
    now: systemClock.now(),
    label: venueCaLabel(),
    names: serverCertificateNames({
      hostname: os.hostname(),
      lanAddresses: lanAddresses(),
      names: allowedHosts,
    }),
  });
  io.out(`Venue certificate authority: ${tlsFiles(dataDir).caCert}`);
  io.out(`SHA-256 fingerprint: ${ca.fingerprint}`);
  io.out(`This machine's certificate: ${tlsFiles(dataDir).serverCert}${served.issued ? ' (new)' : ''}`);
  const lan = lanAddresses()[0] ?? 'localhost';
  io.out(
    `Serve with: arrivals serve --https. Each phone or tablet trusts the venue certificate once: ` +
      `open http://${lan.includes(':') ? `[${lan}]` : lan}:8787/trust on it.`,
  );
  return 0;
}
