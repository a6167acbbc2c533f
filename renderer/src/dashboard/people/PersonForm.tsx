import type { FormEvent } from 'react';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { PROFILE_FIELDS } from '../api/people.ts';
import { Checkbox, CheckboxGroup, TextInput } from '../shell/controls.tsx';
import { errorKey, type PersonDraft } from './person-draft.ts';

const words = wordsOf(() => t.dashboard.people.form);

type TextKey = Exclude<keyof PersonDraft, 'profile_public' | 'public_fields'>;

interface PersonFormProps {
  draft: PersonDraft;
  change: (patch: Partial<PersonDraft>) => void;
  /** The server's message for a field, by its 422 key. */
  error: (field: string) => string | undefined;
  submitLabel: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}

/** A person's details and what their public profile shows. */
export function PersonForm({ draft, change, error, submitLabel, busy, onSubmit }: PersonFormProps) {
  const text = (key: TextKey, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextInput
      label={label}
      value={draft[key]}
      onChange={(value) => change({ [key]: value })}
      error={error(errorKey(key))}
      required={key === 'email'}
      autoComplete="off"
      {...extra}
    />
  );

  return (
    <form className="dform person-form" noValidate onSubmit={onSubmit} aria-label={words.formLabel}>
      <fieldset className="dfieldset">
        <legend>{words.contact}</legend>
        <div className="person-grid">
          {text('email', words.email, { type: 'email' })}
          {text('first_name', words.firstName)}
          {text('last_name', words.lastName)}
          {text('phone', words.phone, { type: 'tel' })}
          {text('birthday', words.birthday, { type: 'date' })}
        </div>
      </fieldset>
      <fieldset className="dfieldset">
        <legend>{words.address}</legend>
        <div className="person-grid">
          {text('street', words.street)}
          {text('city', words.city)}
          {text('state', words.state)}
          {text('postal_code', words.postalCode)}
          {text('country', words.country)}
        </div>
      </fieldset>
      <fieldset className="dfieldset">
        <legend>{words.employment}</legend>
        <div className="person-grid">
          {text('job_title', words.jobTitle)}
          {text('company', words.company)}
        </div>
      </fieldset>
      <fieldset className="dfieldset">
        <legend>{words.profile}</legend>
        <Checkbox
          label={words.profilePublic}
          checked={draft.profile_public}
          onChange={(on) => change({ profile_public: on })}
          hint={words.profilePublicHint}
          error={error('profile_public')}
        />
        <CheckboxGroup
          className="person-public-fields"
          legend={words.publicFields}
          options={PROFILE_FIELDS}
          label={(field) => words.fields[field]}
          chosen={draft.public_fields}
          onChange={(public_fields) => change({ public_fields })}
          error={error('public_fields')}
        />
      </fieldset>
      <div className="dactions">
        <button type="submit" className="dbutton dbutton--primary" aria-disabled={busy || undefined}>
          {busy ? t.dashboard.saving : submitLabel}
        </button>
      </div>
    </form>
  );
}
