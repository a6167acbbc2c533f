import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const SATELLITE_STATUS_PATH = '/satellite/status';

export const satelliteStatusResponse = z.object({
  /** True when this server forwards the API to a hub instead of serving its own database. */
  satellite: z.boolean(),
  /** The hub's origin on a satellite, null elsewhere. */
  hub: z.string().nullable(),
  /** Whether the hub answered just now; null where there is no hub to reach. */
  hub_reachable: z.boolean().nullable(),
});

export interface SatelliteStatusOptions {
  /** Null on a standalone server or a hub; on a satellite, how to ask the hub whether it is there. */
  probe: null | { hubUrl: string; probeHub: () => Promise<boolean> };
}

/**
 * `GET /satellite/status`: what the kiosk's banner reads. Every server answers it, so the renderer needs no idea
 * of which mode it runs in, and a hub answering it is how a satellite's probe knows the hub is up.
 */
export const satelliteStatusRoutes: FastifyPluginAsync<SatelliteStatusOptions> = async (app, { probe }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    SATELLITE_STATUS_PATH,
    {
      schema: {
        summary: 'Whether this server is a satellite and whether its hub can be reached',
        tags: ['Kiosk'],
        response: { 200: satelliteStatusResponse },
      },
    },
    async function showSatelliteStatus(_request, reply) {
      // Polled every few seconds by the banner: never cached by the browser.
      reply.header('Cache-Control', 'no-store');
      if (!probe) return { satellite: false, hub: null, hub_reachable: null };
      return { satellite: true, hub: probe.hubUrl, hub_reachable: await probe.probeHub() };
    },
  );
};

/**
 * Asks the hub's own `/satellite/status`. Any HTTP answer means the hub is up; no answer within `timeoutMs` means
 * it is not. Probes that overlap share one request, so many polling windows cost the hub one call.
 */
export function hubProbe(hubUrl: string, timeoutMs: number): () => Promise<boolean> {
  let inFlight: Promise<boolean> | null = null;
  const ask = async () => {
    try {
      const response = await fetch(new URL(SATELLITE_STATUS_PATH, hubUrl), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer();
      return true;
    } catch {
      return false;
    }
  };
  return () => {
    inFlight ??= ask().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
