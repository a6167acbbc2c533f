import { useEffect, useRef } from 'react';
import { ErrorIcon } from '../../shared/components/Icons.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { newOption, type OptionDraft } from './event-draft.ts';

const words = wordsOf(() => t.dashboard.events.fields);

/** A select field's choices: value (saved) and label (shown) per row; add and remove. */
export function OptionsEditor({
  rowId,
  options,
  onChange,
  error,
}: {
  rowId: string;
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  /** The server's problem: `options` for the list, `options.{optionId}.value` for a cell. */
  error: (part: string) => string | undefined;
}) {
  const titleId = `${rowId}-options`;
  const addId = `${rowId}-add-option`;
  const listError = error('options');
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current) document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [options]);

  const update = (id: string, patch: Partial<OptionDraft>) =>
    onChange(options.map((o) => (o.id === id ? { ...o, ...patch } : o)));
  const add = () => {
    const option = newOption();
    focusNext.current = `${option.id}-value`;
    onChange([...options, option]);
  };
  const remove = (index: number) => {
    const rest = options.filter((_, i) => i !== index);
    const neighbour = rest[Math.min(index, rest.length - 1)];
    focusNext.current = neighbour ? `${neighbour.id}-value` : addId;
    onChange(rest);
  };

  return (
    <div className="event-options">
      <p id={titleId} className="event-options-title">
        {words.options}
      </p>
      <p className="dfield-hint">{words.optionsHint}</p>
      {options.length === 0 && <p className="muted">{words.noOptions}</p>}
      {options.length > 0 && (
        <table className="event-options-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">{words.optionValue}</th>
              <th scope="col">{words.optionLabel}</th>
              <th scope="col">{words.optionLabelFr}</th>
              <th scope="col">
                <span className="visually-hidden">{words.remove}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {options.map((option, index) => (
              <tr key={option.id}>
                <td>
                  <OptionInput
                    id={`${option.id}-value`}
                    label={words.optionValueOf(index + 1)}
                    value={option.value}
                    onChange={(value) => update(option.id, { value })}
                    error={error(`options.${option.id}.value`)}
                  />
                </td>
                <td>
                  <OptionInput
                    id={`${option.id}-label`}
                    label={words.optionLabelOf(index + 1)}
                    value={option.label}
                    onChange={(label) => update(option.id, { label })}
                    error={error(`options.${option.id}.label`)}
                  />
                </td>
                <td>
                  <OptionInput
                    id={`${option.id}-label-fr`}
                    label={words.optionLabelFrOf(index + 1)}
                    lang="fr"
                    value={option.labelFr}
                    onChange={(labelFr) => update(option.id, { labelFr })}
                    error={error(`options.${option.id}.label_fr`)}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className="dbutton"
                    aria-label={words.removeOption(index + 1)}
                    onClick={() => remove(index)}
                  >
                    {words.remove}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {listError && (
        <p id={`${titleId}-error`} className="dfield-error">
          <ErrorIcon size={18} />
          <span>{listError}</span>
        </p>
      )}
      <div className="dactions">
        <button
          id={addId}
          type="button"
          className="dbutton"
          aria-describedby={listError ? `${titleId}-error` : undefined}
          onClick={add}
        >
          {words.addOption}
        </button>
      </div>
    </div>
  );
}

function OptionInput({
  id,
  label,
  lang,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  /** The language of what is typed, for a screen reader and the spelling checker. */
  lang?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <div className={`dfield${error ? ' dfield--invalid' : ''}`}>
      <input
        id={id}
        type="text"
        aria-label={label}
        lang={lang}
        value={value}
        maxLength={255}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="dfield-error">
          <ErrorIcon size={18} />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
