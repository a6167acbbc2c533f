import { z } from 'zod';
import { EMAIL_INPUT_PATTERN, EMAIL_MAX_LENGTH, isValidEmail } from './email.ts';
import { fieldMessage } from './field-errors.ts';

export const messageBody = z.object({ message: z.string() }).meta({ id: 'Message' });

/** `errors` of a 422: field name to the messages about it. */
export const fieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .meta({ id: 'FieldErrors', description: 'Field name to the messages about it, e.g. `attendee_ids.3`.' });

/** Stands for the field's name in custom messages; the 422 mapper fills it in from the path. */
export const ATTRIBUTE = ':attribute';

/**
 * An email as people type it: trimmed, and an empty one counts as missing; then the one email rule
 * (platform/email.ts). The document states what is accepted before trimming as a pattern, not `format: email`,
 * which refuses the white space the server trims (and judges the address by rules of its own).
 */
export const emailInput = z
  .string()
  .trim()
  // An empty email is missing, and only that: the format is not judged too.
  .min(1, { abort: true })
  .refine(isValidEmail, { message: fieldMessage.email(ATTRIBUTE) })
  .meta({
    pattern: EMAIL_INPUT_PATTERN,
    description:
      `An email address of at most ${EMAIL_MAX_LENGTH} characters, with or without white space around it, which ` +
      'is trimmed. Addresses are compared without regard to case.',
    examples: ['ada@example.com'],
  });

/** ISO 8601 with offset, as every timestamp leaves the API. */
export const timestamp = z.string().meta({ format: 'date-time', example: '2026-11-21T10:42:05+00:00' });

/** Path ids stay plain strings: an id that is not a UUID is simply not found (404), never a validation error. */
export const uuidParam = (description: string) => z.string().max(64).meta({ description, format: 'uuid' });
