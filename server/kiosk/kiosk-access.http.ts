import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Who may call the kiosk's own endpoints (`/kiosk/api/*`): the one place that decides it. Today a kiosk is a browser
 * on the venue LAN with no credential of its own, so every caller is admitted and the rate limits (access/
 * rate-limits.ts) keep a stranger's phone from trying codes by the thousand. Once kiosks are paired devices (the
 * offline-first issue), this is where their credential is required, and nothing else changes.
 */
export async function kioskAccess(_request: FastifyRequest): Promise<void> {}

/** Admits the callers of every route of `scope` through `kioskAccess`. */
export function registerKioskAccess(scope: FastifyInstance): void {
  scope.addHook('onRequest', kioskAccess);
}
