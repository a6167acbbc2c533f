import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from './app.ts';
import { systemClock } from './platform/clock.ts';
import { DEFAULT_TRUSTED_SATELLITES, parseTrustedAddress } from './platform/client-address.ts';
import { ConfigError, DEFAULT_HOST, defaultDataDir, resolvePort, SATELLITE_HOST } from './platform/config.ts';
import { openDatabase } from './platform/database.ts';
import { invalidHostNames, lanAddresses } from './platform/own-host.ts';
import { serverCertificateNames } from './https/certificate.rules.ts';
import {
  makeVenueCa,
  organizerCertificate,
  tlsFiles,
  venueServerCertificate,
  type ServingCertificate,
} from './https/certificate.service.ts';
import { listenHttps } from './https/https-server.http.ts';
import { RATE_LIMIT_SETTINGS, resolveRateLimits } from './access/rate-limits.ts';
import { TOKEN_EXPIRIES, type TokenExpiry } from './access/api-token.rules.ts';
import { parseHubAddress } from './satellite/hub-address.rules.ts';
import { TOKEN_SCOPES, type TokenScope } from './contract/vocabulary.ts';
import { createStore, type Store } from './store.ts';
import { deviceService } from './sync/device.service.ts';
import { eventService } from './events/event.service.ts';
import { silentNotifier } from './webhooks/notifier.ts';
import { describePairingFailure, pairWithHub } from './sync/pairing.ts';
import type { VenueService } from './sync/venue.service.ts';
import type { VenueStatus } from './sync/sync.types.ts';
import { describeVenueRefusal } from './sync/venue-refusals.http.ts';
import { seedDemo } from './demo/demo.service.ts';
import { apiTokenService } from './access/api-token.service.ts';
import { organizationService } from './organizations/organization.service.ts';
import { staffService } from './access/staff.service.ts';
import { MIN_PASSWORD_LENGTH } from './access/passwords.ts';
import { isValidEmail } from './platform/email.ts';
import { STAFF_ROLES, type StaffRole } from './contract/vocabulary.ts';
import { mailService } from './mail/mail.service.ts';
import { mailServerOf, mailSettingsBody } from './mail/mail.schemas.ts';
import { passwordKept, TEST_MAILS_PER_HOUR } from './mail/mail.rules.ts';
import { checkRequestPart } from './platform/validation.ts';
import { textFaultMessage } from './platform/field-errors.ts';
import { textFault } from './platform/text.rules.ts';

export const USAGE = `Usage: arrivals <command> [options]

Commands:
  serve [--host 0.0.0.0] [--port 8787]      run the API server (headless)
        [--trusted-satellite ADDR]...       a satellite at ADDR (or a range, 192.0.2.0/24) names its clients
  serve --hub HOST[:PORT] [--host 127.0.0.1]
                                            run a satellite: the kiosk here, every API call forwarded to that hub
  org create --name NAME --slug SLUG        create an organization
  token create --org SLUG --name NAME [--expires 7d|30d|90d|1y|never] [--scopes a,b] [--events UUID,UUID]
                                            create an API token and print it (shown once)
  token list --org SLUG                     list tokens: name, created, last used, expires
  token delete --org SLUG --name NAME       delete a token; it stops working at once
  staff create --org SLUG --name NAME --email EMAIL [--role owner|staff] [--password-file FILE]
                                            create a dashboard account; the password is read from stdin
                                            (or the file); the role defaults to owner while the organization
                                            has none, else staff
  demo                                      create a demo organization, event and profiles
  device code [--org SLUG] [--events UUID,UUID]
                                            on a hub: a pairing code for one kiosk (default: the published events)
  device pair --hub HOST[:PORT] --code CODE [--name NAME]
                                            on a kiosk: pair this data dir with a hub and take its first snapshot;
                                            then \`arrivals serve\` runs it as the hub's replica
  upstream connect --url URL --token TOKEN --events UUID,UUID
                                            on a venue's hub: follow those events of an online Arrivals server
                                            (a token with the sync scope) and download them
  upstream status                           on a venue's hub: what it follows, attendees here, changes waiting
  mail set --org SLUG --host HOST --port PORT [--security none|starttls|tls] [--user USER --password-file FILE]
           --from ADDRESS [--from-name NAME] [--reply-to ADDRESS] --public-url URL
                                            set the organization's mail server: tickets are mailed from it, their
                                            links start with URL (the address people's phones reach this server at)
  mail test --org SLUG --to ADDRESS         send a test email now and show the mail server's answer
  https setup [--allowed-host NAME]... [--new-ca]
                                            make the venue certificate authority (once) and this machine's
                                            certificate; prints where devices trust it

Every command takes --data DIR (default: $ARRIVALS_DATA_DIR, else the per-user app-data directory).
serve also takes --https (HTTPS on --https-port, 8443, with the venue certificate), --https-cert FILE
--https-key FILE (the organizer's own certificate instead), --allowed-host NAME (repeatable: a name the dashboard
answers to besides this machine's own names and addresses), --trust-proxy and ${Object.values(
  RATE_LIMIT_SETTINGS,
)
  .map((s) => `--${s.flag} N`)
  .join(', ')} (requests per minute).
`;

/** A mistake in how the command was called: one line on stderr and exit code 2. */
export class UsageError extends Error {}

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Everything piped to stdin; null when stdin is a terminal. Defaults to the process's stdin. */
  readStdin?: () => Promise<string | null>;
}

async function readProcessStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const OPTIONS = {
  data: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  name: { type: 'string' },
  slug: { type: 'string' },
  org: { type: 'string' },
  expires: { type: 'string' },
  scopes: { type: 'string' },
  events: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  'password-file': { type: 'string' },
  'trust-proxy': { type: 'boolean' },
  'trusted-satellite': { type: 'string', multiple: true },
  'allowed-host': { type: 'string', multiple: true },
  hub: { type: 'string' },
  https: { type: 'boolean' },
  'https-port': { type: 'string' },
  'https-cert': { type: 'string' },
  'https-key': { type: 'string' },
  'new-ca': { type: 'boolean' },
  code: { type: 'string' },
  url: { type: 'string' },
  token: { type: 'string' },
  security: { type: 'string' },
  user: { type: 'string' },
  from: { type: 'string' },
  'from-name': { type: 'string' },
  'reply-to': { type: 'string' },
  'public-url': { type: 'string' },
  to: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  ...Object.fromEntries(Object.values(RATE_LIMIT_SETTINGS).map((s) => [s.flag, { type: 'string' }])),
} as const;

type Flags = Record<string, string | string[] | boolean | undefined>;

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required.`);
  // The text rule every route applies (platform/text.rules.ts): a flag is one line.
  const fault = textFault(value.trim(), 'one');
  if (fault) throw new UsageError(`--${name}: ${textFaultMessage(fault, name)}`);
  return value.trim();
}

const list = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** The CLI's door to the store: the same services the server uses, over the data dir, closed afterwards. */
function withStore<T>(dataDir: string, work: (store: Store) => T): T {
  const db = openDatabase(dataDir);
  try {
    return work(createStore(db, systemClock));
  } finally {
    db.close();
  }
}

async function withStoreAsync<T>(dataDir: string, work: (store: Store) => Promise<T>): Promise<T> {
  const db = openDatabase(dataDir);
  try {
    return await work(createStore(db, systemClock));
  } finally {
    db.close();
  }
}

function organizationBySlug(store: Store, slug: string) {
  const organization = organizationService(store).findOrganizationBySlug(slug);
  if (!organization) throw new UsageError(`No organization with slug "${slug}".`);
  return organization;
}

/** Runs one CLI command. Resolves to the exit code; `serve` resolves only once the server has stopped. */
export async function runCli(argv: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`arrivals: ${(error as Error).message}`);
    return 2;
  }
  const flags = parsed.values as Flags;
  const [command, sub] = parsed.positionals;
  if (flags.help || !command) {
    io.out(USAGE);
    return command || flags.help ? 0 : 2;
  }
  const dataDir = (flags.data as string | undefined) || env.ARRIVALS_DATA_DIR || defaultDataDir(env);

  try {
    switch (`${command}${sub ? ' ' + sub : ''}`) {
      case 'serve':
        return await serve(dataDir, flags, env, io);
      case 'https setup':
        return await httpsSetup(dataDir, flags, env, io);
      case 'org create': {
        const name = required(flags, 'name');
        const slug = required(flags, 'slug');
        const outcome = withStore(dataDir, (store) =>
          organizationService(store).createOrganization(name, slug),
        );
        if (!outcome.ok) {
          throw new UsageError(
            outcome.reason === 'invalid_slug'
              ? '--slug may use only a-z, 0-9 and single dashes, like "city-hall".'
              : `An organization with slug "${slug}" already exists.`,
          );
        }
        io.out(`Created organization ${outcome.organization.name} (${outcome.organization.slug}).`);
        return 0;
      }
      case 'token create':
        return tokenCreate(dataDir, flags, io);
      case 'token list':
        return tokenList(dataDir, flags, io);
      case 'token delete': {
        const slug = required(flags, 'org');
        const name = required(flags, 'name');
        const deleted = withStore(dataDir, (store) =>
          apiTokenService(store).deleteApiTokenByName(organizationBySlug(store, slug).id, name),
        );
        if (!deleted) throw new UsageError(`No token named "${name}" in ${slug}.`);
        io.out(`Deleted token ${name}.`);
        return 0;
      }
      case 'staff create':
        return await staffCreate(dataDir, flags, io);
      case 'demo':
        return demo(dataDir, io);
      case 'device code':
        return deviceCode(dataDir, flags, io);
      case 'device pair':
        return await devicePair(dataDir, flags, io);
      case 'upstream connect':
        return await upstreamConnect(dataDir, flags, io);
      case 'upstream status':
        return await upstreamStatus(dataDir, io);
      case 'mail set':
        return mailSet(dataDir, flags, io);
      case 'mail test':
        return await mailTest(dataDir, flags, io);
      default:
        throw new UsageError(
          `Unknown command "${[command, sub].filter(Boolean).join(' ')}". Try: arrivals --help`,
        );
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.err(`arrivals: ${error.message}`);
      return 2;
    }
    io.err(`arrivals: ${(error as Error).message}`);
    return 1;
  }
}

function tokenCreate(dataDir: string, flags: Flags, io: Io): number {
  const slug = required(flags, 'org');
  const name = required(flags, 'name');
  if (name.length > 255) throw new UsageError('--name must not be longer than 255 characters.');
  const expires = (flags.expires as string | undefined) ?? '90d';
  if (!TOKEN_EXPIRIES.includes(expires as TokenExpiry)) {
    throw new UsageError(`--expires must be one of ${TOKEN_EXPIRIES.join(', ')}.`);
  }
  const scopes = list(flags.scopes);
  const unknown = scopes.filter((s) => !TOKEN_SCOPES.includes(s as TokenScope));
  if (unknown.length > 0) {
    throw new UsageError(`Unknown scope "${unknown[0]}". Scopes: ${TOKEN_SCOPES.join(', ')}.`);
  }
  const result = withStore(dataDir, (store) =>
    apiTokenService(store).issueApiToken({
      organizationId: organizationBySlug(store, slug).id,
      name,
      expires: expires as TokenExpiry,
      scopes: scopes as TokenScope[],
      eventIds: list(flags.events),
    }),
  );
  if (!result.ok) {
    throw new UsageError(
      result.reason === 'name_taken'
        ? `A token named "${name}" already exists in ${slug}.`
        : `No event ${result.eventId} in ${slug}.`,
    );
  }
  io.out(result.token);
  return 0;
}

/**
 * One password, from `--password-file` or stdin. One trailing line break (what `echo` and editors add) is not part
 * of it.
 */
async function readPassword(flags: Flags, io: Io): Promise<string> {
  const file = flags['password-file'];
  let text: string | null;
  if (typeof file === 'string') {
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`--password-file: ${(error as Error).message}`);
    }
  } else {
    text = await (io.readStdin ?? readProcessStdin)();
    // Typed at a terminal it would be echoed on screen and kept in the scrollback.
    if (text === null) throw new UsageError('Pipe the password on stdin, or pass --password-file FILE.');
  }
  const password = text.replace(/\r?\n$/, '');
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UsageError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > 1024) throw new UsageError('The password must not be longer than 1024 characters.');
  return password;
}

async function staffCreate(dataDir: string, flags: Flags, io: Io): Promise<number> {
  const slug = required(flags, 'org');
  const name = required(flags, 'name');
  if (name.length > 255) throw new UsageError('--name must not be longer than 255 characters.');
  const email = required(flags, 'email');
  if (!isValidEmail(email)) throw new UsageError(`--email "${email}" is not a valid email address.`);
  const role = flags.role as string | undefined;
  if (role !== undefined && !STAFF_ROLES.includes(role as StaffRole)) {
    throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}.`);
  }
  const password = await readPassword(flags, io);
  const created = await withStoreAsync(dataDir, async (store) => {
    const organization = organizationBySlug(store, slug);
    const staff = staffService(store);
    const hasOwner = staff.listStaff(organization.id).some((account) => account.role === 'owner');
    const outcome = await staff.createStaff(organization.id, {
      name,
      email,
      password,
      role: (role as StaffRole | undefined) ?? (hasOwner ? 'staff' : 'owner'),
    });
    return outcome.ok ? { ...outcome, organization } : outcome;
  });
  if (!created.ok) throw new UsageError(`A staff account with email ${email} already exists.`);
  io.out(
    `Created ${created.staff.role} ${created.staff.name} <${created.staff.email}> in ${created.organization.name} (${created.organization.slug}).`,
  );
  return 0;
}

function tokenList(dataDir: string, flags: Flags, io: Io): number {
  const slug = required(flags, 'org');
  const tokens = withStore(dataDir, (store) =>
    apiTokenService(store).listApiTokens(organizationBySlug(store, slug).id),
  );
  if (tokens.length === 0) {
    io.out(`No tokens in ${slug}.`);
    return 0;
  }
  const rows = [
    ['NAME', 'CREATED', 'LAST USED', 'EXPIRES'],
    ...tokens.map((t) => [t.name, t.createdAt, t.lastUsedAt ?? 'never', t.expiresAt ?? 'never']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    io.out(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  return 0;
}

function demo(dataDir: string, io: Io): number {
  const content = withStore(dataDir, seedDemo);
  io.out(
    content.created
      ? `Created demo organization ${content.organization.name} (${content.organization.slug}).`
      : `The demo organization ${content.organization.name} (${content.organization.slug}) already exists.`,
  );
  for (const event of content.events) {
    io.out(`Event: ${event.name}`);
    io.out(`  id:      ${event.uuid}`);
    io.out(`  details: /public/events/${event.uuid}`);
  }
  io.out('Profiles:');
  for (const user of content.users) {
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    io.out(
      `  ${name.padEnd(16)} ${user.profileCode}  ${user.profilePublic ? 'public ' : 'private'}  /p/${user.profileCode}`,
    );
  }
  io.out(`Data directory: ${dataDir}`);
  return 0;
}

/**
 * The satellites a hub believes about their clients: loopback, and each `--trusted-satellite` (repeatable) or
 * `ARRIVALS_TRUSTED_SATELLITES` (comma-separated) address or range.
 */
function trustedSatelliteList(flags: Flags, env: NodeJS.ProcessEnv): string[] {
  const fromFlags = (flags['trusted-satellite'] as string[] | undefined) ?? [];
  const given = fromFlags.length > 0 ? fromFlags : list(env.ARRIVALS_TRUSTED_SATELLITES);
  return [
    ...DEFAULT_TRUSTED_SATELLITES,
    ...given.map((text) => {
      const parsed = parseTrustedAddress(text);
      if (parsed === null) {
        throw new UsageError(
          `--trusted-satellite must be an IP address or range, like 192.168.1.21 or 192.168.1.0/24 (got "${text}").`,
        );
      }
      return parsed;
    }),
  ];
}

/** `--allowed-host` (repeatable), else `ARRIVALS_ALLOWED_HOSTS` (comma-separated); each must be a host name. */
function resolveAllowedHosts(fromFlags: string[] | undefined, env: NodeJS.ProcessEnv): string[] {
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
async function servingCertificate(
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

async function serve(dataDir: string, flags: Flags, env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const port = resolvePort((flags.port as string | undefined) ?? env.ARRIVALS_PORT);
  const rateLimits = resolveRateLimits(flags as Record<string, string | undefined>, env);
  const trustProxy = flags['trust-proxy'] === true || env.ARRIVALS_TRUST_PROXY === 'true';
  const allowedHosts = resolveAllowedHosts(flags['allowed-host'] as string[] | undefined, env);
  const hubInput = (flags.hub as string | undefined) ?? env.ARRIVALS_HUB;
  const hub = hubInput === undefined ? null : parseHubAddress(hubInput);
  if (hub && !hub.ok) throw new UsageError(`--hub: ${hub.reason}`);
  if (hub && (flags.https !== undefined || flags['https-cert'] !== undefined)) {
    throw new UsageError('--https is for a hub or a kiosk; a satellite (--hub) serves its own machine only.');
  }
  if (hub && flags['trusted-satellite'] !== undefined) {
    throw new UsageError('--trusted-satellite is for a hub; a satellite (--hub) forwards to one.');
  }
  // A satellite serves the kiosk on this machine, as the desktop app does: other devices reach it only when asked.
  const host =
    (flags.host as string | undefined) ?? env.ARRIVALS_HOST ?? (hub ? SATELLITE_HOST : DEFAULT_HOST);
  const secure = hub ? null : await servingCertificate(dataDir, flags, env, allowedHosts, io);
  const app = await buildApp({
    ...(secure ? { https: secure.certificate } : {}),
    dataDir,
    rateLimits,
    trustProxy,
    allowedHosts,
    // The built screens somewhere else than beside the server (a packaged build, a test's own build).
    ...(env.ARRIVALS_KIOSK_DIR ? { kioskDir: env.ARRIVALS_KIOSK_DIR } : {}),
    logger: { level: env.ARRIVALS_LOG_LEVEL ?? 'info' },
    ...(hub ? { satellite: { hubUrl: hub.url } } : { trustedSatellites: trustedSatelliteList(flags, env) }),
  });

  await app.listen({ host, port });
  const { port: boundPort, address } = app.server.address() as { port: number; address: string };
  io.err(
    hub
      ? `Arrivals is a satellite of the hub at ${hub.url}, serving the kiosk at http://localhost:${boundPort}/ (listening on ${address})`
      : `Arrivals is serving ${dataDir} at http://localhost:${boundPort}/ (listening on ${address})`,
  );
  if (secure) {
    const bound = await listenHttps(app, { host, port: secure.port });
    io.err(
      secure.certificate.ca
        ? `Arrivals serves HTTPS at https://localhost:${bound.port}/ too, with the venue certificate; each device trusts it once from http://<this machine>:${boundPort}/trust`
        : `Arrivals serves HTTPS at https://localhost:${bound.port}/ too, with your certificate`,
    );
  }
  const setupCode = hub ? null : app.ctx.staff.setupCode();
  if (setupCode) {
    io.err(
      `Setup code: ${setupCode} (asked by first-run setup at /dashboard from any other device; not needed on this one)`,
    );
  }

  return new Promise((resolve) => {
    let closing = false;
    const stop = (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => resolve(0),
        (error: unknown) => {
          io.err(`arrivals: ${(error as Error).message}`);
          resolve(1);
        },
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

/** On a hub: a pairing code for one kiosk, serving the given events (default: the organization's published ones). */
function deviceCode(dataDir: string, flags: Flags, io: Io): number {
  const outcome = withStore(dataDir, (store) => {
    const organizations = organizationService(store);
    const slug = flags.org as string | undefined;
    const all = organizations.listOrganizations();
    const organization = slug ? organizationBySlug(store, slug) : all.length === 1 ? all[0]! : null;
    if (!organization) {
      throw new UsageError(
        all.length === 0
          ? 'No organization yet: set up the hub first.'
          : 'Several organizations: name one with --org SLUG.',
      );
    }
    const chosen = list(flags.events);
    const eventIds =
      chosen.length > 0
        ? chosen
        : eventService(store, silentNotifier)
            .listEvents(organization.id, { publishedOnly: true })
            .map((event) => event.uuid);
    if (eventIds.length === 0)
      throw new UsageError('No published event to serve: name events with --events.');
    return deviceService(store).createPairingCode(organization.id, eventIds);
  });
  if (!outcome.ok) throw new UsageError(`No event ${outcome.eventId} in this organization.`);
  io.out(`${outcome.code.slice(0, 4)}-${outcome.code.slice(4)}`);
  io.err(`Pairing code for one kiosk, valid until ${outcome.expiresAt}.`);
  return 0;
}

/** On a kiosk: pairs the data dir with a hub, then takes the first snapshot of its events (sync/pairing.ts). */
async function devicePair(dataDir: string, flags: Flags, io: Io): Promise<number> {
  const hubAddress = required(flags, 'hub');
  const code = required(flags, 'code');
  const name = (flags.name as string | undefined)?.trim() || os.hostname();
  const outcome = await pairWithHub(dataDir, hubAddress, code, name);
  if (!outcome.ok) {
    switch (outcome.reason) {
      case 'invalid_hub_address':
        throw new UsageError(`--hub: ${outcome.detail}`);
      case 'already_paired':
        throw new UsageError(`${dataDir} is already paired with ${outcome.hubUrl}.`);
      default:
        throw new UsageError(describePairingFailure(outcome));
    }
  }
  io.out(`Paired with ${outcome.hubUrl} as "${name}", serving ${outcome.eventIds.length} event(s).`);
  if (!outcome.snapshot.taken) {
    io.err(
      `The first snapshot could not be taken yet (${outcome.snapshot.detail}); the replica takes it once the hub answers.`,
    );
  }
  io.out(`Run: arrivals serve --data ${dataDir}`);
  return 0;
}

/** The hub's app over the data dir, for one venue operation; nothing listens, and it is closed afterwards. */
async function withVenue<T>(dataDir: string, work: (venue: VenueService) => Promise<T>): Promise<T> {
  const app = await buildApp({ dataDir, kioskDir: false });
  try {
    if (!app.ctx.venue)
      throw new UsageError(`${dataDir} is a replica kiosk: follow an online server from its hub.`);
    return await work(app.ctx.venue);
  } finally {
    await app.close();
  }
}

/** On a venue's hub: follows events of an online server and downloads them, showing the progress. */
async function upstreamConnect(dataDir: string, flags: Flags, io: Io): Promise<number> {
  const url = required(flags, 'url');
  const token = required(flags, 'token');
  const eventIds = list(flags.events);
  if (eventIds.length === 0) throw new UsageError('--events is required: the UUIDs of the events to follow.');
  return withVenue(dataDir, async (venue) => {
    const outcome = await venue.connect({ url, token, eventIds });
    if (!outcome.ok) throw new UsageError(describeVenueRefusal(outcome));
    io.err(`Following ${url}: downloading ${eventIds.length} event(s)...`);
    let shown = -1;
    const progress = setInterval(() => {
      const percent = downloadedPercent(venue.status());
      if (percent !== null && percent >= shown + 10) {
        shown = percent;
        io.err(`  ${percent}%`);
      }
    }, 250);
    try {
      await venue.whenDownloaded();
      // A download cut off half way goes on from where it stopped, a few times, before leaving it to `serve`.
      for (let attempt = 0; attempt < 3 && !downloadComplete(venue.status()); attempt++) {
        await venue.syncNow().catch(() => {});
      }
    } finally {
      clearInterval(progress);
    }
    const status = venue.status();
    if (!downloadComplete(status)) {
      io.err('The download stopped half way; the hub goes on with it once it runs (arrivals serve).');
    }
    io.out(
      `${status.attendeesHere} attendees here, from ${status.eventIds.length} event(s) of ${status.url}.`,
    );
    io.out(`Run: arrivals serve --data ${dataDir}`);
    return 0;
  });
}

const downloadComplete = (status: VenueStatus) =>
  status.latestRevision !== null && status.pulledRevision >= status.latestRevision;

/** How much of a download is done, in whole percent; null before the online server first answered. */
function downloadedPercent(status: VenueStatus): number | null {
  if (status.latestRevision === null) return null;
  if (status.latestRevision === 0) return 100;
  return Math.floor((100 * Math.min(status.pulledRevision, status.latestRevision)) / status.latestRevision);
}

/** On a venue's hub: what it follows and how ready it is, read from the data dir without going online. */
async function upstreamStatus(dataDir: string, io: Io): Promise<number> {
  return withVenue(dataDir, async (venue) => {
    const status = venue.status();
    if (!status.connected) {
      io.out(
        'This hub follows no online server. Connect one: arrivals upstream connect --url URL --token TOKEN --events UUID',
      );
      return 0;
    }
    io.out(`Following ${status.url}`);
    io.out(`Events: ${status.eventIds.join(', ')}`);
    io.out(`Attendees here: ${status.attendeesHere}`);
    io.out(`Changes waiting to go up: ${status.waitingUp}`);
    io.out(`Feed read up to revision ${status.pulledRevision}`);
    return 0;
  });
}

/** The mail service over a store, as the CLI uses it: a running server's dispatcher finds what it queues. */
const cliMail = (store: Store) => mailService(store, { wake: () => {}, mailsFor: () => true });

/** The CLI flag that sets each field of the mail settings, to name it in an error. */
const MAIL_FLAGS: Record<string, string> = {
  host: '--host',
  port: '--port',
  security: '--security',
  username: '--user',
  password: '--password-file',
  from_address: '--from',
  from_name: '--from-name',
  reply_to: '--reply-to',
  public_url: '--public-url',
};

/** One password from `--password-file`, less one trailing line break (what `echo` and editors add). */
function readPasswordFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    throw new UsageError(`--password-file: ${(error as Error).message}`);
  }
}

/**
 * `arrivals mail set`: the organization's mail server, as the dashboard's mail settings set it (the same service
 * and the same checks). Every setting is given each time; the kiosk and import choices are the dashboard's.
 */
function mailSet(dataDir: string, flags: Flags, io: Io): number {
  const slug = required(flags, 'org');
  const port = Number(required(flags, 'port'));
  const user = typeof flags.user === 'string' && flags.user.trim() !== '' ? flags.user.trim() : null;
  const passwordFile = flags['password-file'];
  if (user === null && typeof passwordFile === 'string') {
    throw new UsageError('--user is required with --password-file: the account the password is for.');
  }
  const check = checkRequestPart(mailSettingsBody, 'body', {
    host: required(flags, 'host'),
    port: Number.isInteger(port) ? port : flags.port,
    security: flags.security,
    username: user,
    // Left out with --user: the stored one, while it is that server's and user's (checked below, before saving).
    password:
      typeof passwordFile === 'string' ? readPasswordFile(passwordFile) : user === null ? null : undefined,
    from_address: required(flags, 'from'),
    from_name: flags['from-name'],
    reply_to: flags['reply-to'],
    public_url: required(flags, 'public-url'),
  });
  if (!check.ok) {
    const [field, problems] = Object.entries(check.errors)[0]!;
    throw new UsageError(`${MAIL_FLAGS[field] ?? field}: ${problems[0]}`);
  }
  const body = check.value;
  const saved = withStore(dataDir, (store) => {
    const organization = organizationBySlug(store, slug);
    const mail = cliMail(store);
    const current = mail.settingsOf(organization.id);
    if (user !== null && body.security !== 'none' && passwordKept(current, mailServerOf(body)) === null) {
      // Said before saving, never dropped behind the owner's back: the password belongs to its host.
      throw new UsageError(
        current?.password
          ? `--password-file is required: the stored password is for ${current.host}:${current.port} ` +
              `(${current.security}) as ${current.username}, and it does not follow a new host, port, security ` +
              'or user.'
          : '--password-file is required with --user: the file holding its password.',
      );
    }
    return mail.saveSettings(organization.id, {
      ...mailServerOf(body),
      // Set in the dashboard; kept as they are.
      mailKioskRegistrations: current?.mailKioskRegistrations ?? false,
      mailImports: current?.mailImports ?? false,
      maxPerMinute: current?.maxPerMinute ?? null,
    });
  });
  io.out(
    `Mail for ${slug}: ${saved.host}:${saved.port} (${saved.security})${saved.username ? ` as ${saved.username}` : ''}, ` +
      `from ${saved.fromAddress}; ticket links start with ${saved.publicUrl}.`,
  );
  return 0;
}

/** `arrivals mail test`: sends a test email now and shows what the mail server answered. */
async function mailTest(dataDir: string, flags: Flags, io: Io): Promise<number> {
  const slug = required(flags, 'org');
  const to = required(flags, 'to');
  if (!isValidEmail(to)) throw new UsageError(`--to "${to}" is not a valid email address.`);
  const outcome = await withStoreAsync(dataDir, async (store) =>
    cliMail(store).sendTest(organizationBySlug(store, slug).id, to),
  );
  if (!outcome.ok && outcome.reason === 'too_many') {
    throw new UsageError(
      `At most ${TEST_MAILS_PER_HOUR} test emails an hour can be sent for ${slug}: try again in ` +
        `${Math.ceil(outcome.retryAfterSeconds / 60)} minutes.`,
    );
  }
  if (!outcome.ok) throw new UsageError(`Mail is not set up for ${slug}: run arrivals mail set first.`);
  if (outcome.sent) {
    io.out(`Sent to ${to}. The mail server answered: ${outcome.reply ?? '(nothing)'}`);
    return 0;
  }
  io.err(
    `arrivals: the mail server did not take the test email: ${outcome.reply ?? outcome.detail ?? 'no answer'}`,
  );
  return 1;
}
