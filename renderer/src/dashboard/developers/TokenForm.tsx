import { useId, useState, type FormEvent } from 'react';
import { describeFailure } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import {
  TOKEN_EXPIRIES,
  DEFAULT_TOKEN_SCOPES,
  TOKEN_SCOPES,
  tokensApi,
  type ApiToken,
  type TokenExpiry,
  type TokenInput,
  type TokenScope,
} from '../api/developers.ts';
import { eventsApi } from '../api/events.ts';
import { Checkbox, CheckboxGroup, FieldError, Notice, TextInput, useSubmit } from '../shell/controls.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';

const words = wordsOf(() => t.dashboard.developers.tokens);

interface TokenDraft {
  name: string;
  expires: TokenExpiry;
  scopes: TokenScope[];
  restricted: boolean;
  eventIds: string[];
}

const NEW_TOKEN: TokenDraft = {
  name: '',
  expires: '90d',
  // Ticked as the server grants them when none are named: all but `sync`, which an owner asks for by name.
  scopes: [...DEFAULT_TOKEN_SCOPES],
  restricted: false,
  eventIds: [],
};

function tokenInput(draft: TokenDraft): TokenInput {
  return {
    name: draft.name,
    expires: draft.expires,
    // In the catalogue's order, whatever order they were ticked in.
    scopes: TOKEN_SCOPES.filter((scope) => draft.scopes.includes(scope)),
    ...(draft.restricted ? { event_ids: draft.eventIds } : {}),
  };
}

/** Create a token: a name, how long it lives, what it may do and, optionally, which events it reaches. */
export function TokenForm({ onCreated }: { onCreated: (token: ApiToken, secret: string) => void }) {
  const [draft, setDraft] = useState(NEW_TOKEN);
  const submit = useSubmit();
  const isApiError = useExpireOn401();
  const change = (patch: Partial<TokenDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.busy) return;
    const created = await submit.run(() => tokensApi.create(tokenInput(draft)), isApiError);
    if (!created) return;
    setDraft(NEW_TOKEN);
    onCreated(created.data, created.token);
  };

  return (
    <section className="dsection" aria-labelledby="token-create">
      <h2 id="token-create">{words.create}</h2>
      {submit.failure && <Notice tone="error">{submit.failure}</Notice>}
      <form className="dform" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="token-create">
        <TextInput
          label={words.name}
          value={draft.name}
          onChange={(name) => change({ name })}
          hint={words.nameHint}
          error={submit.error('name')}
          required
          autoComplete="off"
        />
        <ExpiryChoice
          value={draft.expires}
          onChange={(expires) => change({ expires })}
          error={submit.error('expires')}
        />
        <CheckboxGroup
          legend={words.scopes}
          hint={words.scopesHint}
          options={TOKEN_SCOPES}
          optionHint={(scope) => words.scopeNames[scope]}
          chosen={draft.scopes}
          onChange={(scopes) => change({ scopes })}
          error={submit.error('scopes')}
        />
        <Checkbox
          label={words.restrict}
          hint={words.restrictHint}
          checked={draft.restricted}
          onChange={(restricted) => change({ restricted })}
        />
        {draft.restricted && (
          <EventChoice
            chosen={draft.eventIds}
            onChange={(eventIds) => change({ eventIds })}
            error={submit.error('event_ids')}
          />
        )}
        <div className="dactions">
          <button type="submit" className="dbutton dbutton--primary" aria-disabled={submit.busy || undefined}>
            {submit.busy ? t.dashboard.saving : words.createSubmit}
          </button>
        </div>
      </form>
    </section>
  );
}

function ExpiryChoice({
  value,
  onChange,
  error,
}: {
  value: TokenExpiry;
  onChange: (value: TokenExpiry) => void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset className="dfieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{words.expiration}</legend>
      {TOKEN_EXPIRIES.map((expiry) => (
        <div className="dcheck" key={expiry}>
          <input
            id={`${id}-${expiry}`}
            type="radio"
            name={`${id}-expires`}
            value={expiry}
            checked={value === expiry}
            onChange={() => onChange(expiry)}
          />
          <label htmlFor={`${id}-${expiry}`}>{words.expiries[expiry]}</label>
        </div>
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

function EventChoice({
  chosen,
  onChange,
  error,
}: {
  chosen: string[];
  onChange: (eventIds: string[]) => void;
  error: string | undefined;
}) {
  const load = useDashboardLoad((signal) => eventsApi.list(signal), []);
  if (load.status === 'failed') return <Notice tone="error">{describeFailure(load.error)}</Notice>;
  if (load.status !== 'ready') return null;
  const names = new Map(load.data.map((event) => [event.id, event.name]));
  return (
    <CheckboxGroup
      legend={words.events}
      hint={load.data.length === 0 ? words.noEvents : undefined}
      options={load.data.map((event) => event.id)}
      label={(id) => names.get(id) ?? id}
      chosen={chosen}
      onChange={onChange}
      error={error}
    />
  );
}
