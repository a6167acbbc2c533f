import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashApiToken, hasValidTokenShape, sameHash } from '../domain/secrets.ts';
import { isTokenExpired, shouldRecordUse, tokenCoversEvent } from '../domain/tokens.ts';
import type { ApiTokenRecord, EventRecord, TokenScope } from '../domain/types.ts';
import { toTimestamp } from '../domain/time.ts';
import { HttpError } from './errors.ts';
import { messages } from './messages.ts';
import { byIp } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's token once authenticated; routes under /api can rely on it. */
    apiToken: ApiTokenRecord | null;
  }
  interface FastifyContextConfig {
    /** The scope a token needs for this route; routes without one need only a valid token. */
    scope?: TokenScope;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The token-authenticated scope's hook: resolve the token, count the request against its limit (per token, or per
 * IP while no valid token is shown, so guessing tokens is throttled too), then refuse what the token may not do.
 */
export function registerTokenAuthentication(api: FastifyInstance): void {
  const { repos, clock } = api.ctx;
  api.decorateRequest('apiToken', null);

  /** The presented token, or why it is refused. */
  function authenticate(header: string | undefined): ApiTokenRecord | string {
    if (!header || header.trim() === '') return messages.tokenRequired;
    const presented = BEARER.exec(header)?.[1];
    if (!presented || !hasValidTokenShape(presented)) return messages.tokenInvalid;
    const hash = hashApiToken(presented);
    const token = repos.apiTokens.findByHash(hash);
    if (!token || !sameHash(token.tokenHash, hash)) return messages.tokenInvalid;
    const now = clock.now();
    if (isTokenExpired(token, now)) return messages.tokenExpired;
    if (shouldRecordUse(token, now)) repos.apiTokens.recordUse(token.id, toTimestamp(now));
    return token;
  }

  const limit = api.limiterFor('token', (request) =>
    request.apiToken ? `token:${request.apiToken.id}` : `ip:${byIp(request)}`,
  );

  // One callback hook, not an async one or three: the work is synchronous but for the limiter's count, and every
  // token request would otherwise pay a promise, a microtask turn and a trip through Fastify's hook runner for each.
  api.addHook('onRequest', (request, reply, done) => {
    const result = authenticate(request.headers.authorization);
    if (typeof result !== 'string') request.apiToken = result;
    limit(request, reply, (limited?: Error) => {
      if (limited) return done(limited);
      if (typeof result === 'string') return done(new HttpError(401, result));
      const scope = request.routeOptions.config.scope;
      if (scope && !request.apiToken!.scopes.includes(scope)) {
        return done(new HttpError(403, messages.tokenLacksPermission));
      }
      done();
    });
  });
}

/** The authenticated token; only valid inside the token scope, where the hook above guarantees it. */
export function tokenOf(request: FastifyRequest): ApiTokenRecord {
  if (!request.apiToken) throw new HttpError(401, messages.tokenRequired);
  return request.apiToken;
}

/**
 * The event `uuid` of the token's organization: another organization's event is 404 as if it did not exist; an
 * event of the same organization outside the token's restriction is 403.
 */
export function eventForToken(api: FastifyInstance, request: FastifyRequest, uuid: string): EventRecord {
  const token = tokenOf(request);
  const event = api.ctx.repos.events.findByUuid(uuid);
  if (!event || event.organizationId !== token.organizationId)
    throw new HttpError(404, messages.eventNotFound);
  if (!tokenCoversEvent(token, event.uuid)) throw new HttpError(403, messages.accessDenied);
  return event;
}
