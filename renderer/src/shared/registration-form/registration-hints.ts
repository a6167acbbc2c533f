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
  | { kind: 'single_line' };

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
      return /[\r\n]/.test(value) ? { kind: 'single_line' } : null;
    case 'textarea':
      return null;
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
