import type { FieldType, RegistrationField } from '../api/types.ts';

/**
 * Input hints that mirror the server's registration rules (server/attendees/registration.rules.ts), so a person learns of a
 * typo before sending. The server stays the judge: its 422 messages are shown in the language on screen
 * (shared/i18n/refusals.ts).
 */
export const MAX_LENGTH: Record<FieldType, number> = {
  text: 255,
  email: 254,
  phone: 20,
  date: 10,
  textarea: 5000,
  select: 255,
};

/** The email rule the server applies (zod's `z.email()` pattern, at most 254 characters). */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type FieldProblem =
  | { kind: 'required' }
  | { kind: 'too_long'; max: number }
  | { kind: 'email' }
  | { kind: 'date' }
  | { kind: 'select' }
  | { kind: 'single_line' }
  | { kind: 'not_text' };

/**
 * The server's text rule (server/platform/text.rules.ts, `textFault`), as a hint: what no answer may hold (a NUL, a
 * lone surrogate, a control character but tab and line breaks, a direction override), and what a one-line answer
 * may not (a line break or tab).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** What is wrong with one answer, or null when the server would accept it. */
export function fieldProblem(field: RegistrationField, raw: string): FieldProblem | null {
  const value = raw.trim();
  if (value === '') return field.required ? { kind: 'required' } : null;
  const max = MAX_LENGTH[field.type];
  if ([...value].length > max) return { kind: 'too_long', max };
  switch (field.type) {
    case 'email':
      return isValidEmail(value) ? null : { kind: 'email' };
    case 'date':
      return isCalendarDate(value) ? null : { kind: 'date' };
    case 'select':
      return field.options?.some((o) => o.value === value) ? null : { kind: 'select' };
    case 'text':
    case 'phone':
    case 'textarea':
      if (NOT_TEXT.test(value) || LONE_SURROGATE.test(value)) return { kind: 'not_text' };
      return field.type !== 'textarea' && LINE_BREAK.test(value) ? { kind: 'single_line' } : null;
  }
}

/** The body the register endpoint takes: trimmed answers, empty optional ones left out. */
export function registrationAnswers(
  fields: readonly RegistrationField[],
  values: Record<string, string>,
): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.key] ?? '').trim();
    if (value !== '') answers[field.key] = value;
  }
  return answers;
}
