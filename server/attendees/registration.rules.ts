import { isValidEmail } from '../platform/email.ts';
import { isCalendarDateString } from '../platform/time.ts';
import type { RegistrationField } from '../contract/vocabulary.ts';
import { addFieldError, fieldMessage, textFaultMessage, type FieldErrors } from '../platform/field-errors.ts';
import { textFault, type TextLines } from '../platform/text.rules.ts';

/** Longest value each free-text field type accepts, in characters (code points); dates and selects have a form. */
export const MAX_LENGTH: Partial<Record<RegistrationField['type'], number>> = {
  text: 255,
  phone: 20,
  textarea: 5000,
};

export type RegistrationCheck =
  { ok: true; answers: Record<string, string> } | { ok: false; errors: FieldErrors };

/**
 * Checks a registration body against the event's fields. Strings are trimmed and an empty or null value counts as
 * absent. Keys the event does not define are dropped: they are never stored.
 */
export function validateRegistration(fields: readonly RegistrationField[], body: unknown): RegistrationCheck {
  const input: Record<string, unknown> =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const answers: Record<string, string> = {};
  const errors: FieldErrors = {};

  for (const field of fields) {
    const raw = Object.hasOwn(input, field.key) ? input[field.key] : undefined;
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '') {
      if (field.required) addFieldError(errors, field.key, fieldMessage.required(field.key));
      continue;
    }
    if (typeof value !== 'string') {
      addFieldError(errors, field.key, fieldMessage.string(field.key));
      continue;
    }
    const problem = fieldValueProblem(field, value);
    if (problem) addFieldError(errors, field.key, problem);
    else answers[field.key] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}

function fieldValueProblem(field: RegistrationField, value: string): string | null {
  const max = MAX_LENGTH[field.type];
  if (max !== undefined && [...value].length > max) return fieldMessage.maxCharacters(field.key, max);
  switch (field.type) {
    case 'email':
      return isValidEmail(value) ? null : fieldMessage.email(field.key);
    case 'date':
      return isCalendarDateString(value) ? null : fieldMessage.date(field.key);
    case 'select':
      return field.options?.some((o) => o.value === value) ? null : fieldMessage.selected(field.key);
    case 'text':
    case 'phone':
    case 'textarea': {
      const fault = textFault(value, answerLines(field));
      return fault ? textFaultMessage(fault, field.key) : null;
    }
  }
}

/** Only a textarea's answer runs over several lines (platform/text.rules.ts); every other is one line. */
export const answerLines = (field: RegistrationField): TextLines =>
  field.type === 'textarea' ? 'many' : 'one';

/**
 * An attendee's display name: first and last name when the event asks for them, else its `name` field, else the
 * email.
 */
export function attendeeName(
  fields: readonly RegistrationField[],
  answers: Record<string, string>,
  email: string,
): string {
  const has = (key: string) => fields.some((f) => f.key === key);
  if (has('first_name') || has('last_name')) {
    const full = [answers.first_name, answers.last_name].filter(Boolean).join(' ');
    if (full) return full;
  }
  if (has('name') && answers.name) return answers.name;
  return email;
}

export type EditCheck =
  { ok: true; fields: Record<string, string | null> } | { ok: false; errors: FieldErrors };

/**
 * Checks an edit of a person (issue 39) against the event's fields, as a registration is checked: the fields the
 * body names, each trimmed, an empty or null value clearing it (a required one cannot be cleared), keys the event
 * does not define dropped. Fields the body leaves out keep their value; an answer that became invalid since (a
 * choice removed from the form) does not stop an edit of another field.
 */
export function validateEdit(fields: readonly RegistrationField[], body: unknown): EditCheck {
  const input: Record<string, unknown> =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const named = fields.filter((field) => Object.hasOwn(input, field.key));
  const check = validateRegistration(named, input);
  if (!check.ok) return check;
  const edited: Record<string, string | null> = {};
  for (const field of named) edited[field.key] = check.answers[field.key] ?? null;
  return { ok: true, fields: edited };
}

/** What an edit changes of a person's answers: the fields whose value it makes different, the rest left out. */
export function changedFields(
  answers: Readonly<Record<string, string>>,
  edited: Readonly<Record<string, string | null>>,
): Record<string, string | null> {
  const changed: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(edited)) {
    if ((answers[key] ?? null) !== value) changed[key] = value;
  }
  return changed;
}
