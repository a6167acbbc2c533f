/** A session ends after 12 idle hours: a day at the venue, not a week on a shared laptop. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

/** How often a session in use has its expiry moved on; not on every request, which would write on every read. */
export const SESSION_REFRESH_MS = 60_000;

export function isSessionLive(session: { expiresAt: string }, now: Date): boolean {
  return Date.parse(session.expiresAt) > now.getTime();
}

export function shouldExtendSession(session: { lastSeenAt: string }, now: Date): boolean {
  return now.getTime() - Date.parse(session.lastSeenAt) >= SESSION_REFRESH_MS;
}

export function sessionExpiryFrom(now: Date): Date {
  return new Date(now.getTime() + SESSION_IDLE_MS);
}
