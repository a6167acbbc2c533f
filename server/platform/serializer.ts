import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { shapeCheckFor } from './response-shape.ts';

/**
 * Responses are written with JSON.stringify. Every body is built by a presenter that names each field it sends
 * (`presentAttendee`, `presentEvent`, ...), and the route's zod response schema documents it (OpenAPI) and
 * type-checks the handler. In a whole server this is faster than fast-json-stringify compiled from those schemas
 * (bench/results.md), and it leaves one thing less to keep in step with zod's JSON Schema.
 *
 * With `checkShapes` (the tests' apps) each body is also compared with its declared schema, and one that carries
 * a property the schema does not name, or lacks a required one, fails the request: every API test checks that the
 * responses it sees are what the OpenAPI document says, and a presenter that sends a field nobody declared fails
 * the tests that reach it.
 */
export function responseSerializerCompiler(options: {
  checkShapes: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  if (!options.checkShapes) return () => JSON.stringify;
  return ({ schema, method, url, httpStatus }) => {
    // Compiled on first use: there are a few hundred (route x status), most never sent in a given test.
    let check: ((value: unknown) => string[]) | undefined;
    return (data) => {
      check ??= shapeCheckFor(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
      const problems = check(data);
      if (problems.length > 0) {
        const message = `${method} ${url} ${httpStatus}: the body strays from its schema: ${problems.join('; ')}`;
        // Answered like any server error (a 500, the details only logged), so it is printed too: test apps log
        // nothing, and the failing test should say why.
        console.error(message);
        throw new Error(message);
      }
      return JSON.stringify(data);
    };
  };
}
