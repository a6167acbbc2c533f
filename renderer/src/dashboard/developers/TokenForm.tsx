import { useId, useState, type FormEvent } from 'react';
import { describeFailure } from '../../components/Status.tsx';
import { t } from '../../i18n/index.ts';
import {
  TOKEN_EXPIRIES,
  TOKEN_SCOPES,
  tokensApi,
  type ApiToken,
  type TokenExpiry,
  type TokenInput,
  type TokenScope,
} from '../api/developers.ts';
import { eventsApi } from '../api/events.ts';
import { Checkbox, Notice, TextInput, useSubmit } from '../shell/controls.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';

const words = t.dashboard.developers.tokens;

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
  scopes: [...TOKEN_SCOPES],
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

const toggle = <T,>(list: T[], item: T, on: boolean) =>
  on ? [...list, item] : list.filter((other) => other !== item);

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
        <fieldset className="dfieldset">
          <legend>{words.scopes}</legend>
          <p className="dfield-hint">{words.scopesHint}</p>
          {TOKEN_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              label={scope}
              hint={words.scopeNames[scope]}
              checked={draft.scopes.includes(scope)}
              onChange={(on) => change({ scopes: toggle(draft.scopes, scope, on) })}
            />
          ))}
          {submit.error('scopes') && <p className="dfield-error">{submit.error('scopes')}</p>}
        </fieldset>
        <Checkbox
          label={words.restrict}
          hint={words.restrictHint}
          checked={draft.restricted}
          onChange={(restricted) => change({ restricted })}
        />
        {draft.restricted && (
          <EventChoice
            chosen={draft.eventIds}
            onToggle={(id, on) => change({ eventIds: toggle(draft.eventIds, id, on) })}
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
      {error && (
        <p id={`${id}-error`} className="dfield-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function EventChoice({
  chosen,
  onToggle,
  error,
}: {
  chosen: string[];
  onToggle: (eventId: string, on: boolean) => void;
  error: string | undefined;
}) {
  const load = useDashboardLoad((signal) => eventsApi.list(signal), []);
  return (
    <fieldset className="dfieldset">
      <legend>{words.events}</legend>
      {load.status === 'failed' && <Notice tone="error">{describeFailure(load.error)}</Notice>}
      {load.status === 'ready' && load.data.length === 0 && <p>{words.noEvents}</p>}
      {load.status === 'ready' &&
        load.data.map((event) => (
          <Checkbox
            key={event.id}
            label={event.name}
            checked={chosen.includes(event.id)}
            onChange={(on) => onToggle(event.id, on)}
          />
        ))}
      {error && <p className="dfield-error">{error}</p>}
    </fieldset>
  );
}
