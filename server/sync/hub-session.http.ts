import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../access/session-auth.http.ts';
import { emailKey } from '../platform/email.ts';

/** Hub sessions opened to confirm a password, waiting for the local sign-in they confirmed: a few at most. */
const MAX_CONFIRMED = 100;

/**
 * A replica's staff sign in on the replica (their accounts are replicated), so the desk works while the hub is
 * away. No password hash reaches a replica (docs/sync.md, "Signing in on a kiosk"): staff sign in there with the
 * offline credential their hub made for that, and an account the replica cannot check alone (an owner; staff whose
 * credential has not arrived yet) is checked by the hub itself while it can be reached (`confirmAtHub`, the staff
 * service's `confirmUpstream`).
 *
 * The pages it forwards to the hub (events, people, tokens, webhooks) need the hub's own session: at sign-in,
 * while the hub can be reached, the replica signs in there too with the same credentials (or keeps the session the
 * confirmation opened) and keeps the hub's session beside the local one, in memory. A forwarded request then
 * carries the hub's cookie instead of the replica's. Without one (the hub was away at sign-in, or the replica
 * restarted) the hub answers 401, and signing in again fixes it.
 */
export function hubSessionBridge(hubUrl: string, timeoutMs: number) {
  const hubCookies = new Map<string, string>();
  const confirmed = new Map<string, string>();

  /** The hub's session cookie for these credentials, or null: refused, or the hub away. */
  async function hubSession(credentials: { email: string; password: string }): Promise<string | null> {
    try {
      const response = await fetch(new URL('/dashboard/api/session', hubUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(hubUrl).origin },
        body: JSON.stringify({ email: credentials.email, password: credentials.password }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const hub = /arrivals_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
      return response.ok && hub ? hub : null;
    } catch {
      // The hub is away: the desk works here for staff with an offline credential.
      return null;
    }
  }

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

    /**
     * Whether the hub takes this password for this account (false when it refuses, or cannot be reached). The hub
     * session it opens is kept for the local sign-in it confirms (`signInAtHub`), so the hub sees one sign-in.
     */
    async confirmAtHub(email: string, password: string): Promise<boolean> {
      const hub = await hubSession({ email, password });
      if (!hub) return false;
      confirmed.delete(emailKey(email));
      if (confirmed.size >= MAX_CONFIRMED) confirmed.delete(confirmed.keys().next().value!);
      confirmed.set(emailKey(email), hub);
      return true;
    },

    /** After a local sign-in succeeded: the same at the hub, quietly given up when the hub is away. */
    async signInAtHub(reply: FastifyReply, credentials: { email: string; password: string }): Promise<void> {
      const local = /arrivals_session=([^;]+)/.exec(String(reply.getHeader('set-cookie') ?? ''))?.[1];
      if (!local) return;
      const key = emailKey(credentials.email);
      const hub = confirmed.get(key) ?? (await hubSession(credentials));
      confirmed.delete(key);
      if (hub) hubCookies.set(local, hub);
    },

    signedOut(request: FastifyRequest): void {
      const local = localSessionOf(request.headers.cookie);
      if (local) hubCookies.delete(local);
    },
  };
}

export type HubSessionBridge = ReturnType<typeof hubSessionBridge>;
