import { useId, useState, type FormEvent } from 'react';
import type { LocalizedRegistrationField } from '../../shared/api/types.ts';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { listsApi, type CheckInList, type EntryRule } from '../api/lists.ts';
import {
  Checkbox,
  CheckboxGroup,
  FieldError,
  Notice,
  SelectInput,
  TextInput,
  useSubmit,
} from '../shell/controls.tsx';
import { useExpireOn401 } from '../shell/session.tsx';
import {
  choiceFields,
  listDraft,
  listSettings,
  newListDraft,
  newWindow,
  type ListDraft,
} from './list-draft.ts';

const words = wordsOf(() => t.dashboard.lists.form);
const ENTRY_RULES: readonly EntryRule[] = ['once', 'once_per_day', 'every_time'];

/**
 * A check-in list's settings, for a new list (`list` null) or one that exists. The main entrance shows only what it
 * lets change (name, exits, check-out); the rest of its rules are the event's. The server's 422 messages go under
 * their fields (`windows.0.from`, `admits.values.1`).
 */
export function ListForm({
  eventId,
  list,
  timeZone,
  fields,
  onSaved,
  onCancel,
}: {
  eventId: string;
  list: CheckInList | null;
  timeZone: string;
  fields: readonly LocalizedRegistrationField[];
  onSaved: (list: CheckInList) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<ListDraft>(() => (list ? listDraft(list) : newListDraft()));
  const submit = useSubmit();
  const isApiError = useExpireOn401();
  const isDefault = list?.is_default ?? false;
  const choices = choiceFields(fields);
  const field = choices.find((f) => f.key === draft.admitsField);
  const change = (patch: Partial<ListDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (submit.busy) return;
    const settings = listSettings(draft, isDefault);
    const saved = await submit.run(
      () => (list ? listsApi.update(eventId, list.id, settings) : listsApi.create(eventId, settings)),
      isApiError,
    );
    if (saved) onSaved(saved);
  };

  return (
    <form
      className="dform list-form"
      noValidate
      onSubmit={(e) => void save(e)}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{list ? words.editTitle(list.name) : words.newTitle}</h3>
      <TextInput
        label={words.name}
        hint={words.nameHint}
        value={draft.name}
        onChange={(name) => change({ name })}
        required
        maxLength={255}
        error={submit.error('name')}
      />
      {!isDefault && (
        <fieldset className="dfieldset">
          <legend>{words.admits}</legend>
          <div className="dcheck">
            <input
              id={`${id}-everyone`}
              type="radio"
              name={`${id}-admits`}
              checked={draft.admitsField === ''}
              onChange={() => change({ admitsField: '', admitsValues: [] })}
            />
            <label htmlFor={`${id}-everyone`}>{words.admitsEveryone}</label>
          </div>
          <div className="dcheck">
            <input
              id={`${id}-some`}
              type="radio"
              name={`${id}-admits`}
              checked={draft.admitsField !== ''}
              disabled={choices.length === 0}
              onChange={() => change({ admitsField: choices[0]?.key ?? '', admitsValues: [] })}
            />
            <label htmlFor={`${id}-some`}>{words.admitsSome}</label>
          </div>
          {choices.length === 0 && <p className="dfield-hint">{words.noChoiceFields}</p>}
          {draft.admitsField !== '' && (
            <>
              <SelectInput
                label={words.admitsField}
                value={draft.admitsField}
                onChange={(admitsField) => change({ admitsField, admitsValues: [] })}
                options={choices.map((f) => ({ value: f.key, label: f.label }))}
                error={submit.error('admits.field')}
              />
              {field && (
                <CheckboxGroup
                  legend={words.admitsValues}
                  options={(field.options ?? []).map((o) => o.value)}
                  label={(value) => field.options?.find((o) => o.value === value)?.label ?? value}
                  chosen={draft.admitsValues}
                  onChange={(admitsValues) => change({ admitsValues })}
                  error={
                    submit.error('admits.values') ?? firstIndexedError(submit.error, 'admits.values', 200)
                  }
                />
              )}
            </>
          )}
        </fieldset>
      )}
      {!isDefault && (
        <fieldset className="dfieldset">
          <legend>{words.windows}</legend>
          <p className="dfield-hint">{words.windowsHint(timeZone)}</p>
          {draft.windows.map((window, index) => (
            <div key={window.id} className="list-window" data-testid="list-window">
              <div className="event-pair">
                <TextInput
                  type="datetime-local"
                  label={`${words.from} (${index + 1})`}
                  value={window.from}
                  onChange={(from) =>
                    change({ windows: draft.windows.map((w) => (w.id === window.id ? { ...w, from } : w)) })
                  }
                  error={submit.error(`windows.${index}.from`)}
                />
                <TextInput
                  type="datetime-local"
                  label={`${words.until} (${index + 1})`}
                  value={window.until}
                  onChange={(until) =>
                    change({ windows: draft.windows.map((w) => (w.id === window.id ? { ...w, until } : w)) })
                  }
                  error={submit.error(`windows.${index}.until`)}
                />
              </div>
              <button
                type="button"
                className="dbutton"
                onClick={() => change({ windows: draft.windows.filter((w) => w.id !== window.id) })}
              >
                {words.removeWindow(index + 1)}
              </button>
            </div>
          ))}
          <FieldError id={`${id}-windows-error`} message={submit.error('windows')} />
          <div>
            <button
              type="button"
              className="dbutton"
              onClick={() => change({ windows: [...draft.windows, newWindow()] })}
            >
              {words.addWindow}
            </button>
          </div>
        </fieldset>
      )}
      {!isDefault && (
        <fieldset className="dfieldset">
          <legend>{words.entryRule}</legend>
          {ENTRY_RULES.map((rule) => (
            <div className="dcheck" key={rule}>
              <input
                id={`${id}-${rule}`}
                type="radio"
                name={`${id}-rule`}
                checked={draft.entry_rule === rule}
                aria-describedby={`${id}-${rule}-hint`}
                onChange={() => change({ entry_rule: rule })}
              />
              <label htmlFor={`${id}-${rule}`}>{words.entryRules[rule]}</label>
              <p id={`${id}-${rule}-hint`} className="dfield-hint">
                {t.dashboard.lists.explain[rule]}
              </p>
            </div>
          ))}
        </fieldset>
      )}
      <Checkbox
        label={words.exitsScanned}
        hint={words.exitsScannedHint}
        checked={draft.exits_scanned}
        onChange={(exits_scanned) => change({ exits_scanned })}
        error={submit.error('exits_scanned')}
      />
      <TextInput
        type="time"
        label={words.autoCheckout}
        hint={words.autoCheckoutHint}
        value={draft.auto_checkout_at}
        onChange={(auto_checkout_at) => change({ auto_checkout_at })}
        error={submit.error('auto_checkout_at')}
      />
      {!isDefault && (
        <TextInput
          type="number"
          inputMode="numeric"
          min={1}
          max={1_000_000}
          label={words.capacity}
          hint={words.capacityHint}
          value={draft.capacity}
          onChange={(capacity) => change({ capacity })}
          error={submit.error('capacity')}
        />
      )}
      {submit.failure && <Notice tone="error">{submit.failure}</Notice>}
      <div className="dactions">
        <button type="submit" className="dbutton dbutton--primary" aria-disabled={submit.busy || undefined}>
          {submit.busy ? t.dashboard.saving : list ? words.save : words.create}
        </button>
        <button type="button" className="dbutton" onClick={onCancel}>
          {t.dashboard.cancel}
        </button>
      </div>
    </form>
  );
}

/** The first of a list of fields' problems (`admits.values.3`), for a group of checkboxes that has one place. */
function firstIndexedError(error: (field: string) => string | undefined, prefix: string, max: number) {
  for (let index = 0; index < max; index++) {
    const found = error(`${prefix}.${index}`);
    if (found) return found;
  }
  return undefined;
}
