import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerArrival } from '../platform/arrival.ts';
import { forwardedHeaderPolicy, forwardingTrust } from '../platform/client-address.ts';
import {
  capConnectionsPerAddress,
  DEFAULT_CONNECTION_LIMITS,
  timeoutOptions,
  type ConnectionLimits,
} from '../platform/connections.ts';
import { earlyErrorOptions, registerErrorHandling } from '../platform/errors.ts';
import { withRedactedRequests } from '../platform/logging.ts';
import { setSecurityHeaders } from '../platform/security-headers.ts';
import { registerDashboardHostCheck } from '../access/session-auth.http.ts';
import { zodValidatorCompiler } from '../platform/validation.ts';
import { ownHostCheck } from '../platform/own-host.ts';
import { DEFAULT_KIOSK_DIR, kioskStaticRoutes } from '../kiosk/static.routes.ts';
import { satelliteProxyRoutes } from './proxy.routes.ts';
import { hubProbe, satelliteStatusRoutes } from './status.routes.ts';

export interface SatelliteOptions {
  /** The hub's origin, `http://host:port`; parse what people type with hub-address.rules.ts first. */
  hubUrl: string;
  /** See proxy.routes.ts: a hub that does not connect within this is answered as unreachable. */
  connectTimeoutMs?: number;
  responseTimeoutMs?: number;
}

/** What a satellite's local server is built from (`buildApp` passes its own options through). */
export interface SatelliteAppOptions {
  satellite: SatelliteOptions;
  logger?: FastifyServerOptions['logger'];
  /** A reverse proxy in front of the satellite, as `buildApp`'s option. */
  trustProxy?: boolean;
  connections?: Partial<ConnectionLimits>;
  /** The built kiosk screens, as `buildApp`'s option; false serves none. */
  kioskDir?: string | false;
  /** Host names to answer the dashboard API to, as `buildApp`'s option. */
  allowedHosts?: readonly string[];
}

export const SATELLITE_DEFAULTS = { connectTimeoutMs: 2_000, responseTimeoutMs: 10_000 } as const;

/**
 * A satellite kiosk's local server: the kiosk screens from its own build, `/satellite/status`, and everything else
 * forwarded to the hub. It opens no database (the hub's is the only one, so there is nothing to reconcile later)
 * and sets no rate limits (the hub's apply to every request it receives).
 */
export async function buildSatelliteApp(options: SatelliteAppOptions): Promise<FastifyInstance> {
  const settings = { ...SATELLITE_DEFAULTS, ...options.satellite };
  const hubUrl = new URL(settings.hubUrl).origin;

  // No satellite forwards to a satellite: only a reverse proxy in front of it may name its clients.
  const trust = forwardingTrust({ reverseProxy: options.trustProxy === true, satellites: [] });
  const connections = { ...DEFAULT_CONNECTION_LIMITS, ...options.connections };
  const app = Fastify({
    logger: withRedactedRequests(options.logger),
    trustProxy: trust.trustProxy,
    ...timeoutOptions(connections),
    ...earlyErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();
  capConnectionsPerAddress(app.server, connections.maxConnectionsPerAddress, trust.forwardsForOthers);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const refuseWhileClosing = registerErrorHandling(app);
  registerArrival(app, [setSecurityHeaders, forwardedHeaderPolicy(trust), refuseWhileClosing]);

  // The hub checks the Host of what reaches it, but the satellite renames Host to the hub's on the way through:
  // a page rebound to the satellite's address must be refused here, as the hub would refuse it.
  registerDashboardHostCheck(app, ownHostCheck({ allowedHosts: options.allowedHosts }));

  if (options.kioskDir !== false) {
    await app.register(kioskStaticRoutes, { root: options.kioskDir ?? DEFAULT_KIOSK_DIR });
  }
  await app.register(satelliteStatusRoutes, {
    // Within the connect timeout, so the banner's answer is never slower than an API call's 503.
    probe: { hubUrl, probeHub: hubProbe(hubUrl, settings.connectTimeoutMs) },
  });
  await app.register(satelliteProxyRoutes, { ...settings, hubUrl });
  return app;
}
