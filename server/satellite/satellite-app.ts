import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BuildAppOptions } from '../app.ts';
import { earlyErrorOptions, registerErrorHandling } from '../platform/errors.ts';
import { zodValidatorCompiler } from '../platform/validation.ts';
import { DEFAULT_KIOSK_DIR, kioskStaticRoutes } from '../kiosk/static.routes.ts';
import { satelliteProxyRoutes } from './proxy.routes.ts';
import { hubProbe, satelliteStatusRoutes } from './status.routes.ts';

export interface SatelliteOptions {
  /** The hub's origin, `http://host:port`; parse what people type with domain/hub-address.ts first. */
  hubUrl: string;
  /** See satellite-proxy.ts: a hub that does not connect within this is answered as unreachable. */
  connectTimeoutMs?: number;
  responseTimeoutMs?: number;
}

export const SATELLITE_DEFAULTS = { connectTimeoutMs: 2_000, responseTimeoutMs: 10_000 } as const;

/**
 * A satellite kiosk's local server: the kiosk screens from its own build, `/satellite/status`, and everything else
 * forwarded to the hub. It opens no database (the hub's is the only one, so there is nothing to reconcile later)
 * and sets no rate limits (the hub's apply to every request it receives).
 */
export async function buildSatelliteApp(
  options: BuildAppOptions & { satellite: SatelliteOptions },
): Promise<FastifyInstance> {
  const settings = { ...SATELLITE_DEFAULTS, ...options.satellite };
  const hubUrl = new URL(settings.hubUrl).origin;

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    ...earlyErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

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
