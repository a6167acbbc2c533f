import type { FieldType } from '../../shared/api/types.ts';
import { FIELD_TYPES } from '../../shared/api/vocabulary.ts';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { Checkbox, SelectInput, TextInput } from '../shell/controls.tsx';
import { keyFromLabel, type FieldDraft } from './event-draft.ts';
import { OptionsEditor } from './OptionsEditor.tsx';

const words = wordsOf(() => t.dashboard.events.fields);
/** Read while rendering: the words are the language on screen's. */
const typeOptions = () => FIELD_TYPES.map((type) => ({ value: type, label: words.types[type] ?? type }));
/** The server's rule for keys, as a hint while typing. */
const KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

export const fieldRowId = (rowId: string) => `event-field-${rowId}`;

/** The name a row goes by in buttons and announcements: its label, else its position. */
export const fieldName = (field: FieldDraft, position: number) => field.label.trim() || words.field(position);

/** One registration field in the editor: label, key, type, required, a select's options, and its place. */
export function FieldRow({
  field,
  position,
  total,
  onChange,
  onMove,
  onRemove,
  error,
}: {
  field: FieldDraft;
  position: number;
  total: number;
  onChange: (patch: Partial<FieldDraft>) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  /** The server's problem with a part of this row (`key`, `options`, `options.{optionId}.label`...). */
  error: (part: string) => string | undefined;
}) {
  const name = fieldName(field, position);
  const first = position === 1;
  const last = position === total;
  // A new choice list starts empty, with its "Add a choice" button: a blank row nobody asked for would only be
  // refused on save.
  const changeType = (type: FieldType) => onChange({ type });

  return (
    <li className="event-field">
      <fieldset className="dfieldset" id={fieldRowId(field.id)}>
        <legend>
          {words.field(position)}: {field.label.trim() || words.unnamed}
        </legend>
        <div className="event-field-grid">
          <TextInput
            label={words.label}
            value={field.label}
            onChange={(label) => onChange(field.keyEdited ? { label } : { label, key: keyFromLabel(label) })}
            error={error('label')}
            required
            maxLength={255}
          />
          <TextInput
            label={words.labelFr}
            hint={words.labelFrHint}
            lang="fr"
            value={field.labelFr}
            onChange={(labelFr) => onChange({ labelFr })}
            error={error('label_fr')}
            maxLength={255}
          />
          <TextInput
            label={words.key}
            value={field.key}
            onChange={(key) => onChange({ key, keyEdited: true })}
            hint={field.key === '' || KEY_PATTERN.test(field.key) ? undefined : words.keyHint}
            error={error('key')}
            required
            maxLength={64}
            spellCheck={false}
            autoCapitalize="none"
          />
          <SelectInput
            label={words.type}
            value={field.type}
            onChange={(type) => changeType(type as FieldType)}
            options={typeOptions()}
            error={error('type')}
          />
          <Checkbox
            label={words.required}
            checked={field.required}
            onChange={(required) => onChange({ required })}
            error={error('required')}
          />
        </div>
        {field.type === 'select' && (
          <OptionsEditor
            rowId={field.id}
            options={field.options}
            onChange={(options) => onChange({ options })}
            error={error}
          />
        )}
        <div className="dactions event-field-actions">
          <RowButton id={`${field.id}-up`} disabled={first} onClick={() => onMove(-1)} name={name}>
            {words.moveUp}
          </RowButton>
          <RowButton id={`${field.id}-down`} disabled={last} onClick={() => onMove(1)} name={name}>
            {words.moveDown}
          </RowButton>
          <RowButton id={`${field.id}-remove`} onClick={onRemove} name={name}>
            {words.remove}
          </RowButton>
        </div>
      </fieldset>
    </li>
  );
}

/**
 * A row's button, named with the row ("Move up: Company"). At either end the move stays focusable (aria-disabled,
 * not disabled), so focus does not drop to the page when a row reaches the top.
 */
function RowButton({
  id,
  name,
  disabled = false,
  onClick,
  children,
}: {
  id: string;
  name: string;
  disabled?: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      id={id}
      type="button"
      className="dbutton"
      aria-disabled={disabled || undefined}
      onClick={() => !disabled && onClick()}
    >
      {children}
      <span className="visually-hidden">: {name}</span>
    </button>
  );
}
