import type { TokenExpiry } from '../contract/vocabulary.ts';
import type { ApiTokenRecord } from './access.types.ts';
import { rememberingTimestampParser } from '../platform/time.ts';

export { TOKEN_EXPIRIES } from '../contract/vocabulary.ts';
export type { TokenExpiry };

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_DAYS: Record<Exclude<TokenExpiry, 'never'>, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '1y': 365,
};

export function expiresAtFor(expiry: TokenExpiry, now: Date): Date | null {
  return expiry === 'never' ? null : new Date(now.getTime() + EXPIRY_DAYS[expiry] * DAY_MS);
}

// Every token-authenticated request asks both rules about its token's stored times.
const expiryMs = rememberingTimestampParser();
const lastUseMs = rememberingTimestampParser();

/** A token is expired from its expiry instant on. */
export function isTokenExpired(token: Pick<ApiTokenRecord, 'expiresAt'>, now: Date): boolean {
  return token.expiresAt !== null && now.getTime() >= expiryMs(token.expiresAt);
}

export function tokenCoversEvent(token: Pick<ApiTokenRecord, 'eventIds'>, eventUuid: string): boolean {
  return token.eventIds === null || token.eventIds.includes(eventUuid);
}

/** Last-used is written at most once a minute per token, so busy integrations do not turn reads into writes. */
export const LAST_USED_GRANULARITY_MS = 60_000;

export function shouldRecordUse(token: Pick<ApiTokenRecord, 'lastUsedAt'>, now: Date): boolean {
  return token.lastUsedAt === null || now.getTime() - lastUseMs(token.lastUsedAt) >= LAST_USED_GRANULARITY_MS;
}
