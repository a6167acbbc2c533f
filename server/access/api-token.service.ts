import { DEFAULT_TOKEN_SCOPES, type TokenScope } from '../contract/vocabulary.ts';
import { toTimestamp } from '../platform/time.ts';
import type { Store } from '../store.ts';
import type { ApiTokenRecord } from './access.types.ts';
import { expiresAtFor, isTokenExpired, shouldRecordUse, type TokenExpiry } from './api-token.rules.ts';
import { generateApiToken, hashApiToken, sameHash } from './secrets.ts';

export interface TokenRequest {
  organizationId: number;
  name: string;
  expires: TokenExpiry;
  /** Defaults to every scope but `sync`. */
  scopes?: readonly TokenScope[];
  /** Event UUIDs to restrict the token to; null or absent means every event. */
  eventIds?: readonly string[] | null;
}

export type IssueTokenOutcome =
  | { ok: true; token: string; record: ApiTokenRecord }
  | { ok: false; reason: 'name_taken' }
  | { ok: false; reason: 'unknown_event'; eventId: string };

/** Why a presented token does not authenticate. */
export type TokenRefusal = 'invalid' | 'expired';

/** API tokens: issued, listed and deleted by the CLI and the dashboard alike, and checked on every token request. */
export function apiTokenService(store: Store) {
  const { repos, clock } = store;

  /** The secret is returned once; only its SHA-256 hash is kept. */
  function issueApiToken(request: TokenRequest): IssueTokenOutcome {
    const eventIds = request.eventIds && request.eventIds.length > 0 ? [...new Set(request.eventIds)] : null;
    for (const uuid of eventIds ?? []) {
      const event = repos.events.findByUuid(uuid);
      if (!event || event.organizationId !== request.organizationId) {
        return { ok: false, reason: 'unknown_event', eventId: uuid };
      }
    }
    const now = clock.now();
    const token = generateApiToken();
    const expiresAt = expiresAtFor(request.expires, now);
    const record = repos.apiTokens.create({
      organizationId: request.organizationId,
      name: request.name,
      tokenHash: hashApiToken(token),
      scopes:
        request.scopes && request.scopes.length > 0
          ? [...new Set(request.scopes)]
          : [...DEFAULT_TOKEN_SCOPES],
      eventIds,
      createdAt: toTimestamp(now),
      expiresAt: expiresAt ? toTimestamp(expiresAt) : null,
    });
    return record ? { ok: true, token, record } : { ok: false, reason: 'name_taken' };
  }

  function listApiTokens(organizationId: number): ApiTokenRecord[] {
    return repos.apiTokens.listForOrganization(organizationId);
  }

  /** False when the organization has no such token. It fails from the next request on. */
  function deleteApiToken(organizationId: number, id: number): boolean {
    return repos.apiTokens.deleteById(organizationId, id);
  }

  function deleteApiTokenByName(organizationId: number, name: string): boolean {
    return repos.apiTokens.deleteByName(organizationId, name);
  }

  /**
   * The token whose SHA-256 is `hash`, or why it is refused. A use is recorded at most once a minute, so busy
   * integrations do not turn every read into a write.
   */
  function authenticateToken(hash: string): ApiTokenRecord | TokenRefusal {
    const token = repos.apiTokens.findByHash(hash);
    if (!token || !sameHash(token.tokenHash, hash)) return 'invalid';
    const now = clock.now();
    if (isTokenExpired(token, now)) return 'expired';
    if (shouldRecordUse(token, now)) repos.apiTokens.recordUse(token.id, toTimestamp(now));
    return token;
  }

  return { issueApiToken, listApiTokens, deleteApiToken, deleteApiTokenByName, authenticateToken };
}

export type ApiTokenService = ReturnType<typeof apiTokenService>;
