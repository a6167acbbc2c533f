import type { ArrivalStep } from './arrival.ts';

/**
 * How many requests this server is answering right now, for background work (the mail dispatcher) to give way to
 * them: a check-in at the door never waits behind a ticket being rendered. Long-polls of the sync feed
 * (`/sync/...`), held open for seconds by every replica, are not counted: they would make the server look busy
 * forever.
 */
export function requestActivity() {
  let inFlight = 0;
  // One listener for every response, not a closure (and `once`'s wrapper) made for each: a response closes once.
  const countOut = () => {
    inFlight--;
  };
  return {
    /** An arrival step (platform/arrival.ts): counts the request in until its answer is sent. */
    count: ((request, reply) => {
      if (request.url.startsWith('/sync/')) return undefined;
      inFlight++;
      // 'close' comes once the answer is sent, and also when the client went away first.
      reply.raw.on('close', countOut);
      return undefined;
    }) satisfies ArrivalStep,
    inFlight: (): number => inFlight,
  };
}
