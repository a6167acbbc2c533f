import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type JsonSchema = Parameters<typeof fastJson>[0];

/**
 * Responses are written by fast-json-stringify from each route's zod response schema, turned into JSON Schema. Like
 * the zod encoder it leaves out any property the schema does not name, but it costs a fraction of a zod parse plus
 * JSON.stringify per response (measured: about 0.63 -> 0.75 of a bare route's throughput on the read endpoints).
 * The shapes themselves are checked at compile time by the type provider.
 *
 * Each serializer is compiled on its first use, not at start-up: there are a few hundred (route x status), most
 * never sent, and compiling them all added over half a second to the time before a kiosk can show its home screen.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let stringify: ((data: unknown) => string) | undefined;
  return (data) => {
    stringify ??= fastJson(
      forWriting(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as JsonSchema,
    );
    return stringify(data);
  };
};

/** Keywords that only describe a value; a union branch with nothing else is a bare type. */
const ANNOTATIONS = new Set(['type', 'description', 'title', 'example', 'examples']);
const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

const isBareScalar = (node: unknown): node is { type: string } =>
  node !== null &&
  typeof node === 'object' &&
  SCALAR_TYPES.has((node as { type?: unknown }).type as string) &&
  Object.keys(node).every((key) => ANNOTATIONS.has(key));

/**
 * The JSON Schema as fast-json-stringify should see it, changed in two ways that only concern writing:
 *
 * - `format` is documentation for the OpenAPI reader. fast-json-stringify would check it when choosing a branch of
 *   a nullable (`anyOf`) and throw on a value it does not like, turning a response into a 500; writing is not the
 *   place to validate.
 * - A union of bare scalar types (zod's `.nullable()` of a string: `anyOf: [{ type: 'string' }, { type: 'null' }]`)
 *   becomes one `type: ['string', 'null']`. fast-json-stringify writes that by the value's JavaScript type, where
 *   for `anyOf` it runs a compiled validator against each branch in turn, on every response.
 */
function forWriting(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriting);
  if (node === null || typeof node !== 'object') return node;
  const written = Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'format' && typeof value === 'string'))
      .map(([key, value]) => [key, forWriting(value)]),
  );
  const { anyOf, ...rest } = written;
  if (Array.isArray(anyOf) && anyOf.length > 0 && anyOf.every(isBareScalar) && !('type' in rest)) {
    return { ...rest, type: [...new Set(anyOf.map((branch) => branch.type))] };
  }
  return written;
}
