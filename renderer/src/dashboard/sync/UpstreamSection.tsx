import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Loading } from '../../shared/components/Status.tsx';
import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import { syncApi, type UpstreamEvent, type UpstreamStatus } from '../api/sync.ts';
import { CheckboxGroup, Notice, Pill, TextInput, useSubmit } from '../shell/controls.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';

const words = wordsOf(() => t.dashboard.sync.upstream);

/** A download's progress and a change made online show within this, without a click. */
const RELOAD_MS = 2_000;

/**
 * "Follow an online server": before it follows one, a form to connect (address, `sync` token, the token's events
 * to pick, download); after, the download's progress and how ready the venue is (attendees here, last sync,
 * changes waiting each way, whether the online server answers), read again every 2 s.
 */
export function UpstreamSection() {
  const [version, setVersion] = useState(0);
  const load = useDashboardLoad((signal) => syncApi.upstream(signal), [version]);
  const [notice, setNotice] = useState<string | null>(null);
  // The last answer stays on screen while a poll fails, so a half-typed form is not thrown away.
  const [known, setKnown] = useState<UpstreamStatus | null>(null);
  if (load.status === 'ready' && load.data !== known) setKnown(load.data);
  const reload = () => setVersion((v) => v + 1);
  useEffect(() => {
    const timer = setInterval(() => setVersion((v) => v + 1), RELOAD_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <section aria-labelledby="sync-upstream" className="dsection">
      <h2 id="sync-upstream">{words.title}</h2>
      {known === null && load.status === 'loading' && <Loading />}
      {load.status === 'failed' && <Notice tone="error">{words.statusFailed}</Notice>}
      {known &&
        (known.connected ? (
          <>
            {notice && <Notice tone="success">{notice}</Notice>}
            <Following status={known} />
          </>
        ) : (
          <FollowForm
            onFollowing={() => {
              setNotice(words.connectedNotice);
              reload();
            }}
          />
        ))}
    </section>
  );
}

function FollowForm({ onFollowing }: { onFollowing: () => void }) {
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  // The token's events once found; a different address or token has to find its own.
  const [found, setFound] = useState<UpstreamEvent[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const submit = useSubmit();
  const isApiError = useExpireOn401();
  const names = new Map(found?.map((event) => [event.id, event]));

  const edit = (change: () => void) => {
    change();
    setFound(null);
    setChosen([]);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.busy) return;
    if (found === null) {
      const events = await submit.run(() => syncApi.upstreamEvents(url, token), isApiError);
      if (events) setFound(events);
      return;
    }
    if (chosen.length === 0) return;
    if (await submit.run(() => syncApi.followUpstream(url, token, chosen), isApiError)) onFollowing();
  };

  const startsAt = (event: UpstreamEvent) => (event.starts_at ? format.dateTime(event.starts_at) : null);

  return (
    <>
      <p className="dfield-hint">{words.intro}</p>
      {submit.failure && <Notice tone="error">{submit.failure}</Notice>}
      <form className="dform" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="sync-upstream">
        <TextInput
          label={words.url}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          value={url}
          onChange={(value) => edit(() => setUrl(value))}
          hint={words.urlHint}
          error={submit.error('url')}
          required
        />
        <TextInput
          label={words.token}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={(value) => edit(() => setToken(value))}
          hint={words.tokenHint}
          error={submit.error('token')}
          required
        />
        {found !== null &&
          (found.length === 0 ? (
            <p>{words.noEvents}</p>
          ) : (
            <CheckboxGroup
              legend={words.events}
              hint={words.eventsHint}
              options={found.map((event) => event.id)}
              label={(id) => names.get(id)?.name ?? id}
              optionHint={(id) => {
                const event = names.get(id);
                return event && words.eventDetail(startsAt(event), event.attendees_count);
              }}
              chosen={chosen}
              onChange={setChosen}
              error={submit.error('event_ids')}
            />
          ))}
        <div className="dactions">
          {found === null ? (
            <button
              type="submit"
              className="dbutton dbutton--primary"
              aria-disabled={submit.busy || undefined}
            >
              {submit.busy ? words.finding : words.find}
            </button>
          ) : (
            found.length > 0 && (
              <button
                type="submit"
                className="dbutton dbutton--primary"
                disabled={chosen.length === 0}
                aria-disabled={submit.busy || undefined}
              >
                {submit.busy ? words.connecting : words.download}
              </button>
            )
          )}
        </div>
        {found !== null && found.length > 0 && chosen.length === 0 && (
          <p className="dfield-hint">{words.pickEvents}</p>
        )}
      </form>
    </>
  );
}

function Following({ status }: { status: UpstreamStatus }) {
  return (
    <>
      <dl className="upstream-facts upstream-facts--following">
        <div>
          <dt>{words.following}</dt>
          <dd data-testid="upstream-url">{status.url}</dd>
        </div>
        <div>
          <dt>{words.followedEvents}</dt>
          <dd>{words.eventCount(status.event_ids.length)}</dd>
        </div>
      </dl>
      <DownloadProgress status={status} />
      <h3>{words.readiness}</h3>
      <dl className="upstream-facts">
        <Fact name="attendees-here" label={words.attendeesHere}>
          {status.attendees_here.toLocaleString(t.locale)}
        </Fact>
        <Fact name="last-sync" label={words.lastSync}>
          {status.last_sync_at ? format.dateTime(status.last_sync_at) : words.notYet}
        </Fact>
        <Fact name="waiting-up" label={words.waitingUp}>
          {status.waiting_up.toLocaleString(t.locale)}
        </Fact>
        <Fact name="waiting-down" label={words.waitingDown}>
          {status.waiting_down === null ? words.unknown : status.waiting_down.toLocaleString(t.locale)}
        </Fact>
        <Fact name="online" label={words.online}>
          {status.online_reachable ? (
            <Pill tone="good">{words.reachable}</Pill>
          ) : (
            <Pill tone="bad">{words.unreachable}</Pill>
          )}
        </Fact>
      </dl>
    </>
  );
}

function Fact({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <div data-testid={`upstream-${name}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * How much of the online server's changes this hub has read: a bar from pulled to latest revision, full once
 * nothing waits. It stays on screen when done, so the venue sees the download finished rather than a bar gone.
 */
function DownloadProgress({ status }: { status: UpstreamStatus }) {
  const latest = status.latest_revision;
  const busy = status.downloading || status.waiting_down !== 0;
  if (latest === null) {
    return (
      <div className="upstream-progress">
        <progress aria-label={words.progressLabel} aria-valuetext={words.progressWaiting} />
        <p>{words.progressWaiting}</p>
      </div>
    );
  }
  const max = Math.max(latest, status.pulled_revision, 1);
  const value = latest === 0 ? max : status.pulled_revision;
  const text = words.progressValue(status.pulled_revision, latest);
  return (
    <div className="upstream-progress">
      <progress
        max={max}
        value={value}
        aria-label={words.progressLabel}
        aria-valuetext={text}
        data-testid="upstream-progress"
      />
      <p>
        <Pill tone={busy ? 'waiting' : 'good'}>{busy ? words.downloading : words.upToDate}</Pill> {text}
      </p>
    </div>
  );
}
