import { z } from 'zod';

/**
 * The OpenAPI document (`/openapi.json`) read as a test reads it: what it says an operation takes and answers, and
 * where a live answer strays from that. Schemas are checked with zod's own JSON Schema reader (`z.fromJSONSchema`),
 * so a test needs no validator of its own; the document's `#/components/schemas/*` references become `$defs`.
 */

type Json = Record<string, unknown>;

/**
 * Headers the interface or the document name, compared with the document both ways: an answer that carries one
 * must have it declared for its status, as an answer must carry every header declared required.
 */
export const WATCHED_HEADERS = [
  'location',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
] as const;

/** A live answer, as `app.inject` or `fetch` gives it. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const SCHEMA_PREFIX = '#/components/schemas/';

/** `#/components/schemas/X` → `#/$defs/X`, everywhere in `value`. */
function toDefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toDefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_PREFIX)
        ? `#/$defs/${child.slice(SCHEMA_PREFIX.length)}`
        : toDefs(child),
    ]),
  );
}

export type OpenApiReader = ReturnType<typeof openApiReader>;

export function openApiReader(doc: Json) {
  const defs = toDefs((doc.components as Json | undefined)?.schemas ?? {});
  const compiled = new Map<unknown, z.ZodType>();

  /** A node with its `$ref` (a response, a header, a schema) followed to what it names. */
  const resolve = (node: Json): Json => {
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
    return resolve(
      ref
        .slice(2)
        .split('/')
        .reduce<Json>((at, key) => at[key] as Json, doc),
    );
  };

  /** A schema of the document as a zod schema, once per schema object. */
  const schemaOf = (schema: Json): z.ZodType => {
    let found = compiled.get(schema);
    if (!found) {
      found = z.fromJSONSchema({ ...(toDefs(schema) as Json), $defs: defs } as Parameters<
        typeof z.fromJSONSchema
      >[0]);
      compiled.set(schema, found);
    }
    return found;
  };

  const operationOf = (method: string, path: string): Json => {
    const operation = ((doc.paths as Json)[path] as Json | undefined)?.[method.toLowerCase()] as
      Json | undefined;
    if (!operation) throw new Error(`${method} ${path} is not in the document`);
    return operation;
  };

  /** The document's response for a status of an operation (references followed), or null when it lists none. */
  const responseOf = (method: string, path: string, status: number): Json | null => {
    const raw = (operationOf(method, path).responses as Json)[String(status)] as Json | undefined;
    return raw ? resolve(raw) : null;
  };

  /** The headers a response declares, by lower-case name, each resolved. */
  const headersOf = (response: Json): Map<string, Json> =>
    new Map(
      Object.entries((response.headers ?? {}) as Record<string, Json>).map(([name, header]) => [
        name.toLowerCase(),
        resolve(header),
      ]),
    );

  const issuesOf = (schema: z.ZodType, value: unknown): string[] => {
    const result = schema.safeParse(value);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.') || '(the value)'}: ${issue.message}`);
  };

  /** Whether a header's text fits its declared schema (an integer header is digits). */
  const headerIssues = (header: Json, text: string): string[] => {
    const schema = (header.schema ?? {}) as Json;
    if (schema.type === 'integer')
      return /^\d+$/.test(text) ? [] : [`${JSON.stringify(text)} is not an integer`];
    return issuesOf(schemaOf(schema), text);
  };

  return {
    resolve,
    responseOf,
    /** A schema of the document (a header's, a parameter's, a body's) as a zod schema. */
    schemaOf,

    /** The declared headers of a status of an operation, by lower-case name, each resolved. */
    headersOf(method: string, path: string, status: number): Map<string, Json> {
      const response = responseOf(method, path, status);
      return response ? headersOf(response) : new Map();
    },

    /** The schema the document gives a request's JSON body. */
    requestBodySchema(method: string, path: string): z.ZodType {
      const body = resolve(operationOf(method, path).requestBody as Json);
      return schemaOf(((body.content as Json)['application/json'] as Json).schema as Json);
    },

    /** The schema the document gives a query or path parameter. */
    parameterSchema(method: string, path: string, where: 'query' | 'path', name: string): z.ZodType {
      const parameters = (operationOf(method, path).parameters ?? []) as Json[];
      const parameter = parameters.map(resolve).find((p) => p.in === where && p.name === name);
      if (!parameter) throw new Error(`${method} ${path} has no ${where} parameter ${name}`);
      return schemaOf(parameter.schema as Json);
    },

    /** What a value breaks of a schema of the document, as readable lines (none when it fits). */
    issuesOf,

    /**
     * Where a live answer strays from what the document says of its operation: an undocumented status, a JSON body
     * that breaks the response's schema, a required header missing, a header whose value breaks its schema, or a
     * watched header (`WATCHED_HEADERS`) sent but not declared for that status.
     */
    answerProblems(method: string, path: string, answer: Answer): string[] {
      const response = responseOf(method, path, answer.status);
      if (!response) return [`the document lists no ${answer.status}`];
      const problems: string[] = [];
      const json = (response.content as Json | undefined)?.['application/json'] as Json | undefined;
      const type = String(answer.headers['content-type'] ?? '');
      if (json && type.startsWith('application/json')) {
        for (const issue of issuesOf(schemaOf(json.schema as Json), JSON.parse(answer.body))) {
          problems.push(`body ${issue}`);
        }
      }
      const declared = headersOf(response);
      for (const [name, header] of declared) {
        const sent = answer.headers[name];
        if (sent === undefined) {
          if (header.required === true) problems.push(`missing the required header ${name}`);
          continue;
        }
        for (const issue of headerIssues(header, String(sent))) problems.push(`header ${name}: ${issue}`);
      }
      for (const name of WATCHED_HEADERS) {
        if (answer.headers[name] !== undefined && !declared.has(name)) {
          problems.push(`sends ${name}, which the document does not declare for ${answer.status}`);
        }
      }
      return problems;
    },
  };
}
