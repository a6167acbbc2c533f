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
      withoutFormats(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as JsonSchema,
    );
    return stringify(data);
  };
};

/**
 * `format` is documentation for the OpenAPI reader. fast-json-stringify would check it when choosing a branch of a
 * nullable (`anyOf`) and throw on a value it does not like, turning a response into a 500; writing is not the
 * place to validate.
 */
function withoutFormats(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutFormats);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'format' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutFormats(value)]),
  );
}
