import { STATUS_CODES } from 'node:http';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { fieldErrorsSchema } from './schemas.ts';

/**
 * The refusals a route can send, each status with the exact messages it carries, as zod schemas for the route's
 * `response`: the OpenAPI document lists the messages (an `enum`, or a `pattern` with an example where part of the
 * message varies) and describes the status with them, and the tests' response check (platform/response-shape.ts)
 * fails any refusal whose message the route did not declare.
 *
 * A route declares what it refuses itself; what a layer around it refuses is added by that layer when the route is
 * registered (`addRefusals`): token and session authentication, the rate limits, validation.
 */

/** A message built around a value (a time, a count): documented as a pattern, with one example. */
export interface VaryingMessage {
  readonly pattern: string;
  readonly example: string;
}

export type RefusalMessage = string | VaryingMessage;

export type RefusalStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 414 | 415 | 421 | 422 | 429 | 431 | 503;

export type RefusalMap = { readonly [S in RefusalStatus]?: readonly RefusalMessage[] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Stands for the value while a template is taken apart; no message contains it. */
const VALUE_MARK = '\u0000';

/**
 * A message of the catalogue that takes values, e.g. `varying(messages.alreadyCheckedInAt, 'Nov 21, 2026 10:42
 * AM')`: its fixed parts come from the template itself, so the wording lives only in messages.ts. The example values
 * follow the template, one for each value it takes.
 */
export function varying<Values extends (string | number)[]>(
  template: (...values: Values) => string,
  ...example: Values
): VaryingMessage {
  const parts = template(...(example.map(() => VALUE_MARK) as Values)).split(VALUE_MARK);
  if (example.length === 0 || parts.length !== example.length + 1) {
    throw new Error('A varying message takes each of its values exactly once.');
  }
  return { pattern: `^${parts.map(escapeRegExp).join('.+')}$`, example: template(...example) };
}

const isFixed = (message: RefusalMessage): message is string => typeof message === 'string';

function messageSchema(list: readonly RefusalMessage[]): z.ZodType<string> {
  const fixed = [...new Set(list.filter(isFixed))];
  const patterns = [
    ...new Map(list.filter((m): m is VaryingMessage => !isFixed(m)).map((m) => [m.pattern, m])).values(),
  ];
  const alternatives: z.ZodType<string>[] = [
    ...(fixed.length > 0 ? [z.enum(fixed as [string, ...string[]])] : []),
    ...patterns.map((m) =>
      z
        .string()
        .regex(new RegExp(m.pattern))
        .meta({ examples: [m.example] }),
    ),
  ];
  if (alternatives.length === 0) throw new Error('A refusal needs at least one message.');
  return alternatives.length === 1 ? alternatives[0]! : z.union(alternatives);
}

const quoted = (message: RefusalMessage) =>
  isFixed(message) ? `"${message}"` : `one like "${message.example}"`;

/** The response's description: the status and every message it can carry, e.g. `Forbidden: "…" or "…"`. */
export function describeRefusal(status: number, list: readonly RefusalMessage[]): string {
  const unique = [...new Set(list.map(quoted))];
  return `${STATUS_CODES[status] ?? 'Refused'}: ${unique.join(' or ')}`;
}

type RefusalSchema = z.ZodObject<{ message: z.ZodType<string> } & z.ZodRawShape>;

/** The messages of each refusal schema made here, so that a layer can add its own to a route's. */
const messagesOf = new WeakMap<z.ZodType, { status: number; list: readonly RefusalMessage[] }>();

function build(status: number, list: readonly RefusalMessage[], base?: RefusalSchema): RefusalSchema {
  const shape = {
    message: messageSchema(list),
    // Every 422 may carry field errors: validation fails with them, and a refusal of the route's own without.
    ...(status === 422 ? { errors: fieldErrorsSchema.optional() } : {}),
  };
  const schema = (base ? base.extend(shape) : z.object(shape)).meta({
    description: describeRefusal(status, list),
  }) as RefusalSchema;
  messagesOf.set(schema, { status, list });
  return schema;
}

/**
 * One refusal's body, `{ message }` (and `errors` on 422) with these messages; `extra` adds properties (the CSV
 * import's `rows`).
 */
export function refusalBody(
  status: RefusalStatus,
  list: readonly RefusalMessage[],
  extra?: z.ZodRawShape,
): RefusalSchema {
  return build(status, list, extra ? (z.object(extra) as unknown as RefusalSchema) : undefined);
}

type StatusesOf<Maps extends readonly RefusalMap[]> = {
  [I in keyof Maps]: keyof Maps[I];
}[number] &
  RefusalStatus;

/** The refusal schemas of a route's `response`, from one or more maps of status to messages, merged. */
export function refusals<const Maps extends readonly RefusalMap[]>(
  ...maps: Maps
): { [S in StatusesOf<Maps>]: RefusalSchema } {
  const merged = new Map<RefusalStatus, RefusalMessage[]>();
  for (const map of maps) {
    for (const [key, list] of Object.entries(map) as [string, readonly RefusalMessage[]][]) {
      const status = Number(key) as RefusalStatus;
      merged.set(status, [...(merged.get(status) ?? []), ...list]);
    }
  }
  return Object.fromEntries([...merged].map(([status, list]) => [status, build(status, list)])) as {
    [S in StatusesOf<Maps>]: RefusalSchema;
  };
}

/**
 * Adds a layer's refusals to a route being registered (in an `onRoute` hook), merging the messages into a status
 * the route declares already. Routes without a schema, and hidden ones, are neither documented nor checked.
 */
export function addRefusals(schema: FastifySchema | undefined, more: RefusalMap): void {
  if (!schema || (schema as { hide?: boolean }).hide) return;
  const response = ((schema as { response?: Record<string, unknown> }).response ??= {});
  for (const [key, list] of Object.entries(more) as [string, readonly RefusalMessage[]][]) {
    const status = Number(key);
    const existing = response[key] as RefusalSchema | undefined;
    if (existing === undefined) {
      response[key] = build(status, list);
      continue;
    }
    const known = messagesOf.get(existing);
    if (!known) {
      throw new Error(`A route's ${status} is not made with refusals(): its messages cannot be added to.`);
    }
    response[key] = build(status, [...known.list, ...list], existing);
  }
}
