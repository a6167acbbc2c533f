import type { Server } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hostNameOf, lanAddresses } from '../platform/own-host.ts';

export interface LanAddressOptions {
  /** The machine's interface addresses; the OS's unless a test says otherwise. */
  interfaceAddresses?: () => string[];
}

const lanOriginsSchema = z
  .object({
    origins: z.array(z.string()).meta({
      description:
        'This server as other devices on the venue network reach it (scheme, LAN address and port), best first; ' +
        'empty when the machine has no such address',
    }),
    loopback_only: z.boolean().meta({
      description:
        'Whether this server takes connections from this machine only (started with `--host 127.0.0.1`, or a ' +
        'desktop kiosk on its own): then none of `origins` reaches it from another device',
    }),
  })
  .meta({ id: 'LanOrigins' });

const WILDCARD = new Set(['0.0.0.0', '::']);
const isLoopback = (address: string) => /^(::ffff:)?127\./.test(address) || address === '::1';

/**
 * Where the server takes connections: the address it was bound to, or null when it listens on every interface (or
 * is not listening, as under `inject`).
 */
function boundAddress(server: Server): string | null {
  const bound = server.address();
  if (bound === null || typeof bound === 'string' || WILDCARD.has(bound.address)) return null;
  return bound.address;
}

/**
 * `GET /dashboard/api/lan-origins`: the addresses a QR code should carry. A dashboard opened as `localhost` would
 * otherwise print codes that send a phone or another kiosk to itself.
 */
export const lanAddressRoutes: FastifyPluginAsyncZod<LanAddressOptions> = async (app, options) => {
  app.get(
    '/lan-origins',
    {
      schema: {
        tags: ['Dashboard: session'],
        summary: 'This server as other devices on the venue network reach it, for QR codes and links',
        response: { 200: z.object({ data: lanOriginsSchema }) },
      },
    },
    async function showLanOrigins(request) {
      // The port the dashboard itself was reached at: the one the server listens on, or a forward to it.
      const host = request.headers.host ?? '';
      const port = hostNameOf(host) === null ? '' : new URL(`http://${host}`).port;
      const suffix = port ? `:${port}` : '';
      const bound = boundAddress(request.server.server);
      const origins = lanAddresses(options.interfaceAddresses).map(
        (name) => `${request.protocol}://${name.includes(':') ? `[${name}]` : name}${suffix}`,
      );
      return { data: { origins, loopback_only: bound !== null && isLoopback(bound) } };
    },
  );
};
