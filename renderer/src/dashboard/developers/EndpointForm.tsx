import type { FormEvent } from 'react';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { WEBHOOK_EVENT_TYPES, type EndpointInput } from '../api/developers.ts';
import { Checkbox, CheckboxGroup, TextInput } from '../shell/controls.tsx';

const words = wordsOf(() => t.dashboard.developers.webhooks);

export const NEW_ENDPOINT: EndpointInput = {
  url: '',
  description: '',
  event_types: [...WEBHOOK_EVENT_TYPES],
  enabled: true,
};

interface EndpointFormProps {
  draft: EndpointInput;
  change: (patch: Partial<EndpointInput>) => void;
  error: (field: string) => string | undefined;
  label: string;
  submitLabel: string;
  busy: boolean;
  /** On creation only: an endpoint's page switches it on and off with a button of its own. */
  withEnabled?: boolean;
  onSubmit: (event: FormEvent) => void;
}

/** An endpoint's settings: where to send, a note for people, which kinds of notification. */
export function EndpointForm({
  draft,
  change,
  error,
  label,
  submitLabel,
  busy,
  withEnabled,
  onSubmit,
}: EndpointFormProps) {
  return (
    <form className="dform" noValidate onSubmit={onSubmit} aria-label={label}>
      <TextInput
        label={words.url}
        type="url"
        value={draft.url}
        onChange={(url) => change({ url })}
        hint={words.urlHint}
        error={error('url')}
        required
        autoComplete="off"
        spellCheck={false}
      />
      <TextInput
        label={words.description}
        value={draft.description}
        onChange={(description) => change({ description })}
        error={error('description')}
        autoComplete="off"
      />
      <CheckboxGroup
        className="webhook-kinds"
        legend={words.eventKinds}
        hint={words.eventKindsHint}
        options={WEBHOOK_EVENT_TYPES}
        optionHint={(kind) => words.kindNames[kind]}
        chosen={draft.event_types}
        onChange={(event_types) => change({ event_types })}
        error={error('event_types')}
      />
      {withEnabled && (
        <Checkbox
          label={words.enabledLabel}
          checked={draft.enabled}
          onChange={(enabled) => change({ enabled })}
          error={error('enabled')}
        />
      )}
      <div className="dactions">
        <button type="submit" className="dbutton dbutton--primary" aria-disabled={busy || undefined}>
          {busy ? t.dashboard.saving : submitLabel}
        </button>
      </div>
    </form>
  );
}
