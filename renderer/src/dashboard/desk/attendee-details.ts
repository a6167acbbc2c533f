import type { RegistrationField } from '../../shared/api/types.ts';

/** One thing the desk shows under a name: what the field is called and what this person answered. */
export interface AttendeeDetail {
  key: string;
  label: string;
  text: string;
}

/**
 * What tells people apart at the desk beyond name and email: the company, then each choice answered, by the
 * label of the option chosen (its value is an internal name: "visitor" reads "Visiteur"). A value no option has
 * any more (the editor renamed it) shows as it is stored.
 */
export function attendeeDetails(
  fields: readonly RegistrationField[],
  answers: Readonly<Record<string, string>>,
): AttendeeDetail[] {
  const details: AttendeeDetail[] = [];
  for (const field of fields) {
    const value = answers[field.key];
    if (!value) continue;
    if (field.key === 'company') details.unshift({ key: field.key, label: field.label, text: value });
    else if (field.type === 'select') {
      const option = field.options?.find((candidate) => candidate.value === value);
      details.push({ key: field.key, label: field.label, text: option?.label ?? value });
    }
  }
  return details;
}
