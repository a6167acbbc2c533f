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
  /**
   * On a replica kiosk (docs/sync.md): the changes made here that the hub has not taken yet, and whether it works
   * offline now (the kiosk's banner says so, with the count). Absent elsewhere.
   */
  replica: z
    .object({ waiting: z.number().int(), offline: z.boolean(), last_sync_at: z.string().nullable() })
    .optional(),
});

export interface SatelliteStatusOptions {
  /** Null on a standalone server or a hub; on a satellite, how to ask the hub whether it is there. */
  probe: null | { hubUrl: string; probeHub: () => Promise<boolean> };
  /** On a replica: what its sync loops know of the hub, the waiting changes and whether it works offline. */
  replica?: () => {
    hub: string;
    hubReachable: boolean;
    waiting: number;
    offline: boolean;
    lastSyncAt: string | null;
  };
}

/**
 * `GET /satellite/status`: what the kiosk's banner reads. Every server answers it, so the renderer needs no idea
 * of which mode it runs in, and a hub answering it is how a satellite's probe knows the hub is up.
 */
export const satelliteStatusRoutes: FastifyPluginAsync<SatelliteStatusOptions> = async (
  app,
  { probe, replica },
) => {
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
      if (replica) {
        const status = replica();
        return {
          satellite: true,
          hub: status.hub,
          hub_reachable: status.hubReachable,
          replica: { waiting: status.waiting, offline: status.offline, last_sync_at: status.lastSyncAt },
        };
      }
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
