import type { DoneFuncWithErrOrRes, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A check or a change every request meets as it arrives, before its route's own hooks: nothing (go on), an error
 * to answer with, or a promise to wait for before going on. A step may also answer the request itself (a CORS
 * preflight): once the reply is sent, no later step runs.
 */
export type ArrivalStep = (request: FastifyRequest, reply: FastifyReply) => Error | Promise<void> | undefined;

/**
 * What every request meets first (the security headers of every answer, a ticket address's own, the count of
 * requests in flight, the forwarding headers dropped, the 503 of a server shutting down, the write gate, the venue's
 * CORS), run by one onRequest hook at the app's root, in the order given. Each hook Fastify runs costs every
 * request a turn of its hook runner, public reads included, so these share one (server/README.md, "The read path"). A route's own checks (a rate limit, a token, a device's credential) belong to
 * its route or its plugin, never here: this hook runs on every path.
 */
export function registerArrival(app: FastifyInstance, steps: readonly (ArrivalStep | null)[]): void {
  const active = steps.filter((step): step is ArrivalStep => step !== null);

  /**
   * Runs the steps from `first` on. Nearly every request passes each step at once, so the common path is a plain loop
   * that allocates nothing; only a step that makes the request wait gets a continuation.
   */
  function runFrom(
    first: number,
    request: FastifyRequest,
    reply: FastifyReply,
    done: DoneFuncWithErrOrRes,
  ): void {
    for (let next = first; next < active.length; next++) {
      const outcome = active[next]!(request, reply);
      // A step that answered (a CORS preflight) ends the request here: nothing after it runs.
      if (reply.sent) return;
      if (outcome === undefined) continue;
      if (outcome instanceof Error) return done(outcome);
      outcome.then(() => runFrom(next + 1, request, reply, done), done);
      return;
    }
    done();
  }

  app.addHook('onRequest', function arrival(request, reply, done) {
    runFrom(0, request, reply, done);
  });
}
