import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import {
  addFieldError,
  attributeName,
  fieldMessage,
  setFieldErrors,
  type FieldErrors,
} from './field-errors.ts';
import { ValidationError } from './errors.ts';
import { isNotText } from './text.rules.ts';

type Issue = z.core.$ZodIssue & { input?: unknown };

/** Where an issue sits, the way 422 bodies name fields: `attendee_ids.3`, `address.city`. */
const pathOf = (issue: Issue) => issue.path.map(String).join('.');

function describeType(expected: string, field: string): string {
  switch (expected) {
    case 'string':
      return fieldMessage.string(field);
    case 'boolean':
      return fieldMessage.boolean(field);
    case 'int':
      return fieldMessage.integer(field);
    case 'number':
      return fieldMessage.number(field);
    case 'array':
      return fieldMessage.array(field);
    case 'object':
    case 'record':
      return fieldMessage.object(field);
    default:
      return fieldMessage.format(field);
  }
}

/** One issue in the sentence the interface uses for it. */
function issueMessage(issue: Issue, field: string): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return fieldMessage.required(field);
      return describeType(issue.expected, field);
    case 'too_big':
      if (issue.origin === 'string') return fieldMessage.maxCharacters(field, Number(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set')
        return fieldMessage.maxItems(field, Number(issue.maximum));
      return fieldMessage.maxNumber(field, Number(issue.maximum));
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? fieldMessage.required(field)
          : fieldMessage.minCharacters(field, Number(issue.minimum));
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return Number(issue.minimum) <= 1
          ? fieldMessage.required(field)
          : fieldMessage.minItems(field, Number(issue.minimum));
      }
      return fieldMessage.minNumber(field, Number(issue.minimum));
    case 'invalid_format':
      if (issue.format === 'email') return fieldMessage.email(field);
      if (issue.format === 'uuid') return fieldMessage.uuid(field);
      if (issue.format === 'url') return fieldMessage.url(field);
      return fieldMessage.format(field);
    case 'invalid_value':
    case 'invalid_union':
      return fieldMessage.selected(field);
    case 'not_multiple_of':
      return fieldMessage.integer(field);
    case 'custom':
      return issue.message.replaceAll(':attribute', attributeName(field));
    default:
      return fieldMessage.format(field);
  }
}

export function fieldErrorsFromZod(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  const mistyped = new Set<string>();
  for (const issue of issues as readonly Issue[]) {
    const field = pathOf(issue);
    if (field === '') {
      addFieldError(errors, 'body', 'The request body must be a JSON object.');
      continue;
    }
    // zod still runs length checks on a value of the wrong type (a string for an array): say only what is wrong.
    if (mistyped.has(field)) continue;
    if (issue.code === 'invalid_type') mistyped.add(field);
    const message = issueMessage(issue, field);
    if (!(Object.hasOwn(errors, field) && errors[field]!.includes(message)))
      addFieldError(errors, field, message);
  }
  return errors;
}

/**
 * The paths (as field errors name them) of every string in `input`, at any depth, that is not text; a key that is
 * not text is named itself and its value not looked into. Empty for nearly every request, at the cost of one
 * pattern test per string.
 */
export function textFaultsOf(input: unknown): string[] {
  const faults: string[] = [];
  const pending: [unknown, string][] = [[input, '']];
  const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (isNotText(value)) faults.push(path);
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) pending.push([value[i], join(path, String(i))]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (isNotText(key)) faults.push(join(path, key));
        else pending.push([item, join(path, key)]);
      }
    }
  }
  return faults;
}

export type SchemaCheck<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * Runs a route's zod schema on a request part, the way `zodValidatorCompiler` does: also for a body that is
 * validated away from its route (`textBodyValidatorCompiler`).
 */
export function checkRequestPart<T>(
  schema: z.ZodType<T>,
  httpPart: string | undefined,
  data: unknown,
): SchemaCheck<T> {
  // A POST without a body reaches us as null: judge it as an empty object, so the answer names the missing
  // fields (`The attendee ids field is required.`) rather than the body.
  const input = httpPart === 'body' && (data === null || data === undefined) ? {} : data;
  // Every text field of every request refuses what is not text, whatever its schema says.
  const faults = textFaultsOf(input);
  // Passing any parse options takes zod off its compiled fast path (on every request); the inputs are only needed to word a failure, so only a failure is parsed again with them.
  const result = schema.safeParse(input);
  if (result.success && faults.length === 0) return { ok: true, value: result.data };
  const issues = result.success
    ? []
    : (schema.safeParse(input, { reportInput: true }).error?.issues ?? result.error.issues);
  const errors = fieldErrorsFromZod(issues);
  // A field that is not text is told only that: what else zod says of it is about the same characters.
  for (const path of faults) setFieldErrors(errors, path || 'body', [fieldMessage.notText(path || 'body')]);
  return { ok: false, errors };
}

/**
 * Validates params, query and bodies with the routes' zod schemas and fails in the interface's 422 shape. (The
 * type provider's own compiler would answer 400 with zod's wording.)
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const check = checkRequestPart(schema, httpPart, data);
    return check.ok ? { value: check.value } : { error: new ValidationError(check.errors) };
  };

/**
 * For a route whose body is a `JsonText` (platform/json-body.ts): the body goes on as it came, for the worker that
 * parses it to check against the same schema with `checkRequestPart`; the route's body schema still documents it.
 * Everything else is validated as usual.
 */
export const textBodyValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' ? (data) => ({ value: data }) : zodValidatorCompiler(route);

/**
 * `zodValidatorCompiler`, with a body's field errors passed through `reword` along with the body that caused them:
 * for a route whose errors read better with what was sent (an event's registration fields named by their labels).
 */
export function rewordedBodyValidatorCompiler(
  reword: (errors: FieldErrors, body: unknown) => FieldErrors,
): FastifySchemaCompiler<z.ZodType> {
  return (route) => {
    const validate = zodValidatorCompiler(route);
    if (route.httpPart !== 'body') return validate;
    return (data) => {
      const check = checkRequestPart(route.schema, route.httpPart, data);
      return check.ok ? { value: check.value } : { error: new ValidationError(reword(check.errors, data)) };
    };
  };
}
