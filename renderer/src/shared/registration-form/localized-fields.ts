import type { Language } from '../i18n/index.ts';

/** A registration field as the kiosk's event and the events API carry it: each label with its French one, if given. */
interface LocalizedField {
  label: string;
  label_fr?: string | undefined;
  options?: { value: string; label: string; label_fr?: string | undefined }[] | undefined;
}

/**
 * The form's fields in the language on screen: in French, each label (and each choice's label) the editor gave in
 * French, else the English one; in English, as they are. The keys and values stay, so answers are the same whatever
 * the language; hints and the server's field messages name the field as the screen does.
 */
export function fieldsInLanguage<F extends LocalizedField>(fields: readonly F[], language: Language): F[] {
  if (language !== 'fr') return [...fields];
  return fields.map((field) => ({
    ...field,
    label: field.label_fr || field.label,
    ...(field.options
      ? { options: field.options.map((option) => ({ ...option, label: option.label_fr || option.label })) }
      : {}),
  }));
}
