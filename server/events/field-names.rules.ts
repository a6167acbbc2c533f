import { attributeName, type FieldErrors } from '../platform/field-errors.ts';
import { isOneLineText } from '../platform/text.rules.ts';

/**
 * How a 422 names a part of an event's registration form: by the field's position and label, and a choice by its
 * row, in words (`the value of choice 1 of field 5 (“Ticket type”)`), never by its path
 * (`registration fields.4.options.0.value`), which reads as nothing to an organizer. The errors' keys stay paths,
 * so the dashboard still puts each problem under its control.
 */

const PATH =
  /^registration_fields\.(\d+)(?:\.(key|label|type|required|options)(?:\.(\d+)(?:\.(value|label))?)?)?$/;

const PART_WORDS: Record<string, string> = {
  key: 'key',
  label: 'label',
  type: 'type',
  required: 'required setting',
  options: 'choices',
};

/**
 * `field 5 (“Ticket type”)`, or `field 5` while it has no label or one that is not one line of text (never quoted
 * back: a 422 is shown as it reads).
 */
export function registrationFieldName(index: number, label: unknown): string {
  const text = typeof label === 'string' && isOneLineText(label.trim()) ? label.trim() : '';
  return text === '' ? `field ${index + 1}` : `field ${index + 1} (“${text}”)`;
}

/** The words for a path under `registration_fields`, or null for any other path. */
export function registrationPathName(path: string, labelOf: (index: number) => unknown): string | null {
  const match = PATH.exec(path);
  if (!match) return null;
  const field = Number(match[1]);
  const [, , part, option, optionPart] = match;
  const fieldName = registrationFieldName(field, labelOf(field));
  if (part === undefined) return fieldName;
  if (option === undefined) return `${PART_WORDS[part]} of ${fieldName}`;
  const choice = `choice ${Number(option) + 1} of ${fieldName}`;
  return optionPart === undefined ? choice : `${optionPart} of ${choice}`;
}

/**
 * The same errors with each message about a registration field reworded by `registrationPathName`, reading the
 * labels from what was sent (`fields`: the body's `registration_fields`, whatever its shape). The messages were
 * built around the path's attribute name (`The registration fields.4.options.0.value field is required.`): that
 * name, with the word "field" after it, becomes the plain one (`The value of choice 1 of field 5 (“Ticket type”) is
 * required.`).
 */
export function withPlainFieldNames(errors: FieldErrors, fields: unknown): FieldErrors {
  const list = Array.isArray(fields) ? (fields as unknown[]) : [];
  const labelOf = (index: number) => {
    const field = list[index];
    return field !== null && typeof field === 'object' ? (field as { label?: unknown }).label : undefined;
  };
  const out: FieldErrors = {};
  for (const [path, messages] of Object.entries(errors)) {
    const name = registrationPathName(path, labelOf);
    const attribute = attributeName(path);
    out[path] =
      name === null
        ? messages
        : messages.map((message) => message.replace(`${attribute} field`, name).replace(attribute, name));
  }
  return out;
}
