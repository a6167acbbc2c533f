import { useMemo } from 'react';
import type { RegistrationField } from '../../shared/api/types.ts';
import { t, useLanguage, wordsOf, type Language } from '../../shared/i18n/index.ts';
import { FormFields } from '../../shared/registration-form/FormField.tsx';
import { useFieldsForm } from '../../shared/registration-form/useFieldsForm.ts';
import type { FieldDraft } from './event-draft.ts';

const words = wordsOf(() => t.dashboard.events.preview);

/**
 * A row as the preview draws it. The kiosk's FormField names its control after the key, and a half-typed list
 * can hold empty or repeated keys and option values: the preview uses the rows' own ids instead, so every control
 * and option stays distinct while the labels are the ones being typed.
 */
function previewField(field: FieldDraft, language: Language): RegistrationField {
  // As a kiosk in the dashboard's language shows it: in French, the French label where one is given.
  const label = (language === 'fr' && field.labelFr.trim()) || field.label.trim();
  return {
    key: `preview_${field.id}`,
    label: label || words.unnamedField,
    type: field.type,
    required: field.required,
    options: field.options
      .filter((o) => o.label.trim() || o.value.trim())
      .map((o) => ({
        value: o.id,
        label: (language === 'fr' && o.labelFr.trim()) || o.label.trim() || o.value.trim(),
      })),
  };
}

/** The kiosk's registration form as it will look, drawn with the kiosk's own field controls and hints. */
export function KioskPreview({ eventName, fields }: { eventName: string; fields: FieldDraft[] }) {
  const language = useLanguage();
  const shown = useMemo(() => fields.map((field) => previewField(field, language)), [fields, language]);
  const form = useFieldsForm(shown);
  return (
    <section className="kiosk-preview" aria-labelledby="kiosk-preview" data-testid="kiosk-preview">
      <h2 id="kiosk-preview">{words.heading}</h2>
      <p className="dfield-hint">{words.intro}</p>
      <div className="kiosk-preview-screen form-screen">
        <p className="kiosk-preview-title">{t.register.title}</p>
        <p className="lead">{t.register.intro(eventName.trim() || words.untitledEvent)}</p>
        <p className="hint">{t.form.requiredNote}</p>
        <FormFields fields={shown} form={form} />
      </div>
    </section>
  );
}
