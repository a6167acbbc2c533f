import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { capConnectionsPerAddress, timeoutOptions, type ConnectionLimits } from '../platform/connections.ts';
import { earlyErrorOptions } from '../platform/errors.ts';

/**
 * The same app served over TLS on a second port (docs/https.md): browsers give a camera only to secure pages, and a
 * LAN address over plain HTTP is not one. It answers with the app's own routing, so every route, hook, limit and
 * check is the plain server's; `request.protocol` is `https` there, so the dashboard's Origin check expects
 * `https://` pages. The plain server stays for kiosks, satellites and devices that have not trusted the venue's
 * certificate yet. Made by `buildApp`, never listening until `listenHttps`.
 */
export function createSecureServer(
  app: FastifyInstance,
  certificate: { key: string; cert: string },
  connections: ConnectionLimits,
  forwardsForOthers: (address: string) => boolean,
): https.Server {
  const server = https.createServer(
    { key: certificate.key, cert: certificate.cert, ...timeoutOptions(connections).http },
    (request, response) => app.routing(request, response),
  );
  capConnectionsPerAddress(server, connections.maxConnectionsPerAddress, forwardsForOthers);
  server.on('clientError', earlyErrorOptions.clientErrorHandler);
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  });
  return server;
}

/** Starts the app's HTTPS server on `host` and `port` (0 for any); resolves with where it listens. */
export async function listenHttps(
  app: FastifyInstance,
  options: { host: string; port: number },
): Promise<AddressInfo> {
  const server = app.httpsServer;
  if (!server) throw new Error('buildApp was not given a certificate (https)');
  await app.ready();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  app.ctx.failover.listening({ protocol: 'https', address: address.address, port: address.port });
  return address;
}
