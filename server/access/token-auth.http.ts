import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { TokenScope } from '../contract/vocabulary.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { documentAccess, type SecurityScheme } from '../platform/openapi.ts';
import { addRefusals } from '../platform/refusals.ts';
import type { ApiTokenRecord } from './access.types.ts';
import type { TokenRefusal } from './api-token.service.ts';
import { byIp } from './rate-limits.ts';
import { hashApiToken, hasValidTokenShape } from './secrets.ts';

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

/** The token API's security scheme in the OpenAPI document, by its name there. */
const SCHEME = 'apiToken';
export const API_TOKEN_SCHEME: Record<string, SecurityScheme> = {
  [SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API token (`Authorization: Bearer <API_TOKEN>`), created by an owner in the dashboard under Developers, ' +
      'then API Tokens; shown once.',
  },
};

/** How many Authorization headers' hashes `hashOfHeader` remembers. */
const REMEMBERED_HASHES = 1_000;

const refusalMessage: Record<TokenRefusal, string> = {
  invalid: messages.tokenInvalid,
  expired: messages.tokenExpired,
};

/**
 * The hash of the token an Authorization header presents, or null when it presents none of ours (not a bearer
 * token, a wrong shape or checksum). An integration sends the same header on every request, so the hashes of the
 * well-formed tokens seen lately are remembered by their header: parsing it, checking the checksum and hashing
 * again on each request was a measurable share of a lookup. Only the hash is remembered, never what the database
 * said of it, so a deleted or expired token still fails on its next request. Bounded: the oldest entry goes first.
 * (The tokens themselves are secrets; they are in this process's memory while it serves their requests anyway.)
 */
function presentedTokenHasher(capacity = REMEMBERED_HASHES): (header: string) => string | null {
  const hashes = new Map<string, string>();
  return (header) => {
    const remembered = hashes.get(header);
    if (remembered !== undefined) return remembered;
    const presented = BEARER.exec(header)?.[1];
    if (!presented || !hasValidTokenShape(presented)) return null;
    const hash = hashApiToken(presented);
    if (hashes.size >= capacity) hashes.delete(hashes.keys().next().value!);
    hashes.set(header, hash);
    return hash;
  };
}

/**
 * The token-authenticated scope's hook: resolve the token, count the request against its limit (per token, or per
 * IP while no valid token is shown, so guessing tokens is throttled too), then refuse what the token may not do.
 */
export function registerTokenAuthentication(api: FastifyInstance): void {
  const { tokens } = api.ctx;
  const hashOfHeader = presentedTokenHasher();
  api.decorateRequest('apiToken', null);

  /** The presented token, or the message that refuses it. */
  function authenticate(header: string | undefined): ApiTokenRecord | string {
    if (!header || header.trim() === '') return messages.tokenRequired;
    const hash = hashOfHeader(header);
    if (!hash) return messages.tokenInvalid;
    const token = tokens.authenticateToken(hash);
    return typeof token === 'string' ? refusalMessage[token] : token;
  }

  const limit = api.limiterFor('token', (request) =>
    request.apiToken ? `token:${request.apiToken.id}` : `ip:${byIp(request)}`,
  );

  /**
   * One callback hook, not an async one or three: the work is synchronous but for the limiter's count, and every
   * token request would otherwise pay a promise, a microtask turn and a trip through Fastify's hook runner for each.
   * Each route gets its own, with its scope at hand, rather than reading `request.routeOptions` (an object built on
   * every read) on every request.
   */
  const hookFor = (scope: TokenScope | undefined): onRequestHookHandler =>
    function tokenAuthentication(request, reply, done) {
      const result = authenticate(request.headers.authorization);
      if (typeof result !== 'string') request.apiToken = result;
      limit(request, reply, (limited?: Error) => {
        if (limited) return done(limited);
        if (typeof result === 'string') return done(new HttpError(401, result));
        if (scope && !result.scopes.includes(scope)) {
          return done(new HttpError(403, messages.tokenLacksPermission));
        }
        done();
      });
    };

  api.addHook('onRoute', (route) => {
    const scope = route.config?.scope;
    addRefusals(route.schema, {
      401: [messages.tokenRequired, messages.tokenInvalid, messages.tokenExpired],
      ...(scope ? { 403: [messages.tokenLacksPermission] } : {}),
    });
    documentAccess(route.schema, {
      security: [{ [SCHEME]: [] }],
      description: scope
        ? `Needs an API token with the \`${scope}\` scope.`
        : 'Needs an API token (any scope).',
    });
    const hook = hookFor(scope);
    const own = route.onRequest ?? [];
    route.onRequest = [hook, ...(Array.isArray(own) ? own : [own])];
  });
}

/** The authenticated token; only valid inside the token scope, where the hook above guarantees it. */
export function tokenOf(request: FastifyRequest): ApiTokenRecord {
  if (!request.apiToken) throw new HttpError(401, messages.tokenRequired);
  return request.apiToken;
}
