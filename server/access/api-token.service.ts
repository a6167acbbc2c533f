import type { Clock } from '../platform/clock.ts';
import { generateApiToken, hashApiToken } from '../platform/secrets.ts';
import { toTimestamp } from '../platform/time.ts';
import { expiresAtFor, type TokenExpiry } from './api-token.rules.ts';
import { TOKEN_SCOPES, type ApiTokenRecord, type TokenScope } from '../platform/types.ts';
import type { Repositories } from '../store.ts';

export interface TokenRequest {
  organizationId: number;
  name: string;
  expires: TokenExpiry;
  /** Defaults to every scope. */
  scopes?: readonly TokenScope[];
  /** Event UUIDs to restrict the token to; null or absent means every event. */
  eventIds?: readonly string[] | null;
}

export type IssueTokenResult =
  | { ok: true; token: string; record: ApiTokenRecord }
  | { ok: false; reason: 'name_taken' | 'unknown_event'; detail?: string };

/**
 * Issues an API token. The secret is returned once and only its SHA-256 hash is kept. Used by the CLI and the
 * dashboard alike.
 */
export function issueApiToken(repos: Repositories, clock: Clock, request: TokenRequest): IssueTokenResult {
  const eventIds = request.eventIds && request.eventIds.length > 0 ? [...new Set(request.eventIds)] : null;
  for (const uuid of eventIds ?? []) {
    const event = repos.events.findByUuid(uuid);
    if (!event || event.organizationId !== request.organizationId) {
      return { ok: false, reason: 'unknown_event', detail: uuid };
    }
  }
  const now = clock.now();
  const token = generateApiToken();
  const expiresAt = expiresAtFor(request.expires, now);
  const record = repos.apiTokens.create({
    organizationId: request.organizationId,
    name: request.name,
    tokenHash: hashApiToken(token),
    scopes: request.scopes && request.scopes.length > 0 ? [...new Set(request.scopes)] : [...TOKEN_SCOPES],
    eventIds,
    createdAt: toTimestamp(now),
    expiresAt: expiresAt ? toTimestamp(expiresAt) : null,
  });
  return record ? { ok: true, token, record } : { ok: false, reason: 'name_taken' };
}
