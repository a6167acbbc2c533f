import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../platform/errors.ts';
import { IDEMPOTENCY_KEY } from './failover.rules.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** What a check-in route's description says of the header. */
export const IDEMPOTENCY_NOTE =
  ' An `Idempotency-Key` header (16 to 128 of `A-Z a-z 0-9 - _`) makes the check-in the same one on every server ' +
  'of the venue: sent again, here or to another server after this one stopped, it answers as the first time and ' +
  'never makes a second check-in.';

/**
 * The client's `Idempotency-Key` for a check-in, or undefined without one; a malformed one is a 422 under
 * `idempotency_key` rather than a key silently ignored (which would make a retry a second check-in).
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new ValidationError({
      idempotency_key: ['The Idempotency-Key header must be 16 to 128 letters, digits, - or _.'],
    });
  }
  return value;
}
