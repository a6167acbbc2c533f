/** A session ends after 12 idle hours: a day at the venue, not a week on a shared laptop. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

/**
 * However much it is used, a session ends 7 days after sign-in: a stolen cookie that is kept busy stops working
 * within a week, and staff sign in again once per event week at most.
 */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** How often a session in use has its expiry moved on; not on every request, which would write on every read. */
export const SESSION_REFRESH_MS = 60_000;

export function isSessionLive(session: { createdAt: string; expiresAt: string }, now: Date): boolean {
  const at = now.getTime();
  return Date.parse(session.expiresAt) > at && Date.parse(session.createdAt) + SESSION_LIFETIME_MS > at;
}

export function shouldExtendSession(session: { lastSeenAt: string }, now: Date): boolean {
  return now.getTime() - Date.parse(session.lastSeenAt) >= SESSION_REFRESH_MS;
}

/** The idle expiry from `now`, never beyond the absolute lifetime of a session started at `startedAt`. */
export function sessionExpiryFrom(now: Date, startedAt: Date = now): Date {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, startedAt.getTime() + SESSION_LIFETIME_MS));
}
