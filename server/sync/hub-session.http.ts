import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../access/session-auth.http.ts';

/**
 * A replica's staff sign in on the replica (their accounts are replicated), so the desk works while the hub is
 * away. The pages it forwards to the hub (events, people, tokens, webhooks) need the hub's own session: at sign-in,
 * while the hub can be reached, the replica signs in there too with the same credentials and keeps the hub's
 * session beside the local one, in memory. A forwarded request then carries the hub's cookie instead of the
 * replica's. Without one (the hub was away at sign-in, or the replica restarted) the hub answers 401, and signing
 * in again fixes it.
 */
export function hubSessionBridge(hubUrl: string, timeoutMs: number) {
  const hubCookies = new Map<string, string>();

  const localSessionOf = (cookieHeader: string | undefined) =>
    cookieHeader
      ?.split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
      ?.slice(SESSION_COOKIE.length + 1) ?? null;

  return {
    /** The Cookie header the hub gets for a forwarded request. */
    cookieFor(request: FastifyRequest): string | undefined {
      const local = localSessionOf(request.headers.cookie);
      const hub = local ? hubCookies.get(local) : undefined;
      return hub ? `${SESSION_COOKIE}=${hub}` : '';
    },

    /** After a local sign-in succeeded: the same at the hub, quietly given up when the hub is away. */
    async signInAtHub(reply: FastifyReply, credentials: { email: string; password: string }): Promise<void> {
      const local = /arrivals_session=([^;]+)/.exec(String(reply.getHeader('set-cookie') ?? ''))?.[1];
      if (!local) return;
      try {
        const response = await fetch(new URL('/dashboard/api/session', hubUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: new URL(hubUrl).origin },
          body: JSON.stringify(credentials),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const hub = /arrivals_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
        if (response.ok && hub) hubCookies.set(local, hub);
      } catch {
        // The hub is away: the desk works here; the hub's pages wait for a sign-in while it can be reached.
      }
    },

    signedOut(request: FastifyRequest): void {
      const local = localSessionOf(request.headers.cookie);
      if (local) hubCookies.delete(local);
    },
  };
}

export type HubSessionBridge = ReturnType<typeof hubSessionBridge>;
