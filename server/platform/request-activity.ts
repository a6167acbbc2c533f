import type { FastifyInstance } from 'fastify';

/**
 * How many requests this server is answering right now, for background work (the mail dispatcher) to give way to
 * them: a check-in at the door never waits behind a ticket being rendered. Long-polls of the sync feed
 * (`/sync/...`), held open for seconds by every replica, are not counted: they would make the server look busy
 * forever.
 */
export function requestActivity() {
  let inFlight = 0;
  return {
    register(app: FastifyInstance): void {
      app.addHook('onRequest', (request, reply, done) => {
        if (request.url.startsWith('/sync/')) return done();
        inFlight++;
        // 'close' comes once the answer is sent, and also when the client went away first.
        reply.raw.once('close', () => {
          inFlight--;
        });
        done();
      });
    },
    inFlight: (): number => inFlight,
  };
}
