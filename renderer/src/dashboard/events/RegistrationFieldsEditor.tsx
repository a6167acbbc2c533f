import { useEffect, useRef, useState } from 'react';
import { ErrorIcon } from '../../shared/components/Icons.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { moveItem, newField, type FieldDraft } from './event-draft.ts';
import { fieldName, fieldRowId, FieldRow } from './FieldRow.tsx';

const words = wordsOf(() => t.dashboard.events.fields);
const ADD_ID = 'event-add-field';

/** The first control of a row, where the cursor goes when a row appears or a neighbour leaves. */
const firstControl = (rowId: string) =>
  document.getElementById(fieldRowId(rowId))?.querySelector<HTMLElement>('input, select') ?? null;

/**
 * The kiosk form's fields: add, remove and reorder (buttons, so a keyboard does it all). Focus follows the row
 * that moved, and a live region says where it went.
 */
export function RegistrationFieldsEditor({
  fields,
  onChange,
  rowError,
  listError,
}: {
  fields: FieldDraft[];
  onChange: (fields: FieldDraft[]) => void;
  /** The server's problems, keyed by row (event-draft.ts's fieldErrorsByRow). */
  rowError: (key: string) => string | undefined;
  /** The server's problem with the list as a whole (no email field). */
  listError: string | undefined;
}) {
  const [announcement, setAnnouncement] = useState('');
  const focusNext = useRef<(() => HTMLElement | null) | null>(null);
  useEffect(() => {
    focusNext.current?.()?.focus();
    focusNext.current = null;
  }, [fields]);

  const update = (id: string, patch: Partial<FieldDraft>) =>
    onChange(fields.map((f) => (f.id === id ? { ...f, ...patch } : f)));

  const move = (index: number, delta: -1 | 1) => {
    const field = fields[index]!;
    focusNext.current = () => document.getElementById(`${field.id}-${delta < 0 ? 'up' : 'down'}`);
    setAnnouncement(words.moved(fieldName(field, index + 1), index + delta + 1, fields.length));
    onChange(moveItem(fields, index, delta));
  };

  const remove = (index: number) => {
    const field = fields[index]!;
    const rest = fields.filter((_, i) => i !== index);
    const neighbour = rest[Math.min(index, rest.length - 1)];
    focusNext.current = () => (neighbour ? firstControl(neighbour.id) : document.getElementById(ADD_ID));
    setAnnouncement(words.removed(fieldName(field, index + 1)));
    onChange(rest);
  };

  const add = () => {
    const field = newField();
    focusNext.current = () => firstControl(field.id);
    setAnnouncement('');
    onChange([...fields, field]);
  };

  return (
    <section className="dsection" aria-labelledby="event-fields">
      <h2 id="event-fields">{words.heading}</h2>
      <p className="dpage-intro">{words.intro}</p>
      {listError && (
        <p className="dfield-error event-fields-error" tabIndex={-1} data-testid="fields-error">
          <ErrorIcon size={18} />
          <span>{listError}</span>
        </p>
      )}
      <ol className="event-fields">
        {fields.map((field, index) => (
          <FieldRow
            key={field.id}
            field={field}
            position={index + 1}
            total={fields.length}
            onChange={(patch) => update(field.id, patch)}
            onMove={(delta) => move(index, delta)}
            onRemove={() => remove(index)}
            error={(part) => rowError(`${field.id}.${part}`)}
          />
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <div className="dactions">
        <button id={ADD_ID} type="button" className="dbutton" onClick={add}>
          {words.add}
        </button>
      </div>
    </section>
  );
}
