import { RATE_LIMIT_SETTINGS, resolveRateLimits } from './access/rate-limits.ts';
import { buildApp } from './app.ts';
import { FLAG, list, UsageError, type CliCommand, type Flags, type Io } from './cli/command.ts';
import { listenHttps } from './https/https-server.http.ts';
import { resolveAllowedHosts, servingCertificate } from './https/https.cli.ts';
import { DEFAULT_TRUSTED_SATELLITES, parseTrustedAddress } from './platform/client-address.ts';
import { DEFAULT_HOST, resolvePort, SATELLITE_HOST } from './platform/config.ts';
import { parseHubAddress } from './satellite/hub-address.rules.ts';

const RATE_LIMIT_FLAGS = Object.values(RATE_LIMIT_SETTINGS)
  .map((s) => `--${s.flag} N`)
  .join(', ');

export const serveCommands: readonly CliCommand[] = [
  {
    name: 'serve',
    help: [
      {
        synopsis: ['[--host 0.0.0.0] [--port 8787]', '[--trusted-satellite ADDR]...'],
        summary: [
          'run the API server (headless)',
          'a satellite at ADDR (or a range, 192.0.2.0/24) names its clients',
        ],
      },
      {
        synopsis: ['--hub HOST[:PORT] [--host 127.0.0.1]'],
        summary: ['run a satellite: the kiosk here, every API call forwarded to that hub'],
      },
    ],
    notes: [
      'serve also takes --https (HTTPS on --https-port, 8443, with the venue certificate), --https-cert FILE',
      "--https-key FILE (the organizer's own certificate instead), --allowed-host NAME (repeatable: a name the dashboard",
      `answers to besides this machine's own names and addresses), --trust-proxy and ${RATE_LIMIT_FLAGS} (requests per minute).`,
    ],
    flags: {
      host: FLAG.value,
      port: FLAG.value,
      'trusted-satellite': FLAG.repeated,
      hub: FLAG.value,
      https: FLAG.switch,
      'https-port': FLAG.value,
      'https-cert': FLAG.value,
      'https-key': FLAG.value,
      'allowed-host': FLAG.repeated,
      'trust-proxy': FLAG.switch,
      ...Object.fromEntries(Object.values(RATE_LIMIT_SETTINGS).map((s) => [s.flag, FLAG.value])),
    },
    run: ({ dataDir, flags, env, io }) => serve(dataDir, flags, env, io),
  },
];

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
