import type { RegistrationField } from '../contract/vocabulary.ts';
import { fieldMessage, type FieldErrors } from '../platform/field-errors.ts';
import { foldForSearch } from '../platform/search-text.ts';

/**
 * How a spreadsheet's row differs from a registration form's: venues' files hold a choice's label ("Visiteur")
 * where the form sends its value ("visitor"). Pure; the import service (import.service.ts) applies it before the
 * registration rules, which stay the judge.
 */

/**
 * The row with each choice answer that is an option's label (accents, case and spaces around ignored) replaced by
 * that option's value. A value stays as it is; so does anything else, for the registration rules to refuse.
 */
export function withOptionValues(fields: readonly RegistrationField[], row: unknown): unknown {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return row;
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const field of fields) {
    const given = out[field.key];
    if (field.type !== 'select' || typeof given !== 'string') continue;
    const options = field.options ?? [];
    const text = given.trim();
    if (options.some((option) => option.value === text)) continue;
    const folded = foldForSearch(text);
    // Its French label too: a French venue's file holds "Visiteur" where the form's English label is "Visitor".
    const byLabel = options.find(
      (option) =>
        foldForSearch(option.label.trim()) === folded ||
        (option.label_fr !== undefined && foldForSearch(option.label_fr.trim()) === folded),
    );
    if (byLabel) out[field.key] = byLabel.value;
  }
  return out;
}

/**
 * The registration rules' "The selected ticket is invalid." said the import's way: which value the file held, and
 * what it may hold instead (each option's label and value).
 */
export function explainChoiceErrors(
  fields: readonly RegistrationField[],
  row: unknown,
  errors: FieldErrors,
): FieldErrors {
  const given = row !== null && typeof row === 'object' ? (row as Record<string, unknown>) : {};
  const out: FieldErrors = { ...errors };
  for (const field of fields) {
    const problems = out[field.key];
    if (field.type !== 'select' || !problems || typeof given[field.key] !== 'string') continue;
    const allowed = (field.options ?? []).map((option) =>
      option.label === option.value ? option.value : `${option.label} (${option.value})`,
    );
    out[field.key] = problems.map((problem) =>
      problem === fieldMessage.selected(field.key)
        ? fieldMessage.notAnOption(field.key, String(given[field.key]).trim(), allowed)
        : problem,
    );
  }
  return out;
}
