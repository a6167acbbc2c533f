import { useEffect, useState } from 'react';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import { eventsApi, type DashboardEvent } from '../api/events.ts';
import { InsideNowPanel } from '../lists/InsideNowPanel.tsx';
import { syncApi, type SyncConflict, type SyncDevice } from '../api/sync.ts';
import { ConfirmDialog } from '../shell/ConfirmDialog.tsx';
import { Checkbox, CheckboxGroup, Notice, Pill, SelectInput, useSubmit } from '../shell/controls.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';
import { UpstreamSection } from './UpstreamSection.tsx';
import { hubPairingAddress, useVenueServers, VenueSection } from './VenueSection.tsx';
import { useReachableOrigin } from '../api/lan-origin.ts';

const words = wordsOf(() => t.dashboard.sync);

/** Kiosks coming back and conflicts arriving show within this, without a click. */
const RELOAD_MS = 5_000;

/**
 * `/dashboard/sync`, owners only: follow an online server (UpstreamSection), pair a kiosk with a code, see the paired kiosks (last contact, changes waiting,
 * how far behind, their clocks), revoke one, and the conflicts sync settled, each with its rule and an acknowledge
 * button. Reloads every few seconds, so a kiosk coming back shows without a click.
 */
export function SyncPage() {
  const [version, setVersion] = useState(0);
  const [showAcknowledged, setShowAcknowledged] = useState(false);
  const overview = useDashboardLoad(
    (signal) => syncApi.overview(showAcknowledged, signal),
    [version, showAcknowledged],
  );
  const events = useDashboardLoad((signal) => eventsApi.list(signal), []);
  const [notice, setNotice] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<SyncDevice | null>(null);
  const action = useSubmit();
  const isApiError = useExpireOn401();
  const reload = () => setVersion((v) => v + 1);
  useEffect(() => {
    const timer = setInterval(() => setVersion((v) => v + 1), RELOAD_MS);
    return () => clearInterval(timer);
  }, []);

  const revoke = async (device: SyncDevice) => {
    const done = await action.run(() => syncApi.revoke(device.id), isApiError);
    setRevoking(null);
    if (!done) return;
    setNotice(words.device.revokedNotice(device.name));
    reload();
  };

  const acknowledge = async (conflict: SyncConflict) => {
    if (await action.run(() => syncApi.acknowledge(conflict.id), isApiError)) reload();
  };

  return (
    <>
      <PageHeader title={words.title} intro={words.intro} />
      {notice && !action.failure && <Notice tone="success">{notice}</Notice>}
      {action.failure && <Notice tone="error">{action.failure}</Notice>}
      <UpstreamSection />
      {events.status === 'ready' && <PairingForm events={events.data} />}
      {events.status === 'ready' && <InsideNowSection events={events.data} />}
      <VenueSection />
      {overview.status === 'loading' && <Loading />}
      {overview.status === 'failed' && <Problem message={describeFailure(overview.error)} />}
      {overview.status === 'ready' && (
        <>
          <section aria-labelledby="sync-devices">
            <h2 id="sync-devices">{words.devicesTitle}</h2>
            <button type="button" className="dbutton" onClick={reload}>
              {words.refresh}
            </button>
            {overview.data.devices.length === 0 ? (
              <p>{words.noDevices}</p>
            ) : (
              <DeviceTable devices={overview.data.devices} onRevoke={setRevoking} />
            )}
          </section>
          <section aria-labelledby="sync-conflicts">
            <h2 id="sync-conflicts">{words.conflictsTitle}</h2>
            <p className="dfield-hint">{words.conflictsIntro}</p>
            <Checkbox
              label={words.showAcknowledged}
              checked={showAcknowledged}
              onChange={setShowAcknowledged}
            />
            {overview.data.conflicts.length === 0 ? (
              <p>{words.noConflicts}</p>
            ) : (
              <ConflictTable
                conflicts={overview.data.conflicts}
                busy={action.busy}
                onAcknowledge={acknowledge}
              />
            )}
          </section>
        </>
      )}
      {revoking && (
        <ConfirmDialog
          title={words.device.confirmRevokeTitle}
          confirmLabel={words.device.revoke}
          danger
          busy={action.busy}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        >
          <p>{words.device.confirmRevoke(revoking.name)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * Who is inside now at one of the organization's events (a published one first), live, with the chart over the
 * last hours per list: what the hub knows, kiosks' late scans included as they arrive.
 */
function InsideNowSection({ events }: { events: DashboardEvent[] }) {
  const first = events.find((event) => event.is_published) ?? events[0];
  const [chosen, setChosen] = useState(first?.id ?? '');
  const event = events.find((e) => e.id === chosen);
  const insideWords = t.dashboard.lists.inside;
  return (
    <section aria-labelledby="sync-inside" className="sync-inside">
      <h2 id="sync-inside">{insideWords.heading}</h2>
      {events.length === 0 ? (
        <p>{insideWords.noEvents}</p>
      ) : (
        <SelectInput
          label={insideWords.eventPick}
          value={chosen}
          onChange={setChosen}
          options={events.map((e) => ({ value: e.id, label: e.name }))}
        />
      )}
      {event && <InsideNowPanel key={event.id} eventId={event.id} timeZone={event.timezone} heading={null} />}
    </section>
  );
}

function PairingForm({ events }: { events: { id: string; name: string; is_published: boolean }[] }) {
  const published = events.filter((event) => event.is_published);
  const [chosen, setChosen] = useState<string[]>(published.map((event) => event.id));
  const [code, setCode] = useState<{ code: string; expires_at: string } | null>(null);
  const submit = useSubmit();
  const isApiError = useExpireOn401();
  const names = new Map(events.map((event) => [event.id, event.name]));
  // The hub's own plain-HTTP address, as `--hub` takes it; else where this page reached the server.
  const reached = useReachableOrigin().replace(/^https?:\/\//, '');
  const hubAddress = hubPairingAddress(useVenueServers()) ?? reached;

  const pair = async () => {
    const result = await submit.run(() => syncApi.pairingCode(chosen), isApiError);
    if (result) setCode(result);
  };

  return (
    <section aria-labelledby="sync-pair" className="dpanel">
      <h2 id="sync-pair">{words.pairTitle}</h2>
      <p className="dfield-hint" data-testid="pairing-instructions">
        {words.pairIntro(hubAddress)}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void pair();
        }}
      >
        <CheckboxGroup
          legend={words.pairEvents}
          options={events.map((event) => event.id)}
          label={(id) => names.get(id) ?? id}
          chosen={chosen}
          onChange={setChosen}
          error={submit.error('event_ids')}
        />
        {submit.failure && <Notice tone="error">{submit.failure}</Notice>}
        <button
          type="submit"
          className="dbutton dbutton--primary"
          disabled={submit.busy || chosen.length === 0}
        >
          {words.pairSubmit}
        </button>
        {chosen.length === 0 && <p className="dfield-hint">{words.pairNoEvents}</p>}
      </form>
      {code && (
        <div className="pairing-code" role="status">
          <h3>{words.codeHeading}</h3>
          <p className="pairing-code-value" data-testid="pairing-code">
            {code.code.slice(0, 4)}-{code.code.slice(4)}
          </p>
          <p>{words.codeExpires(format.time(code.expires_at))}</p>
        </div>
      )}
    </section>
  );
}

function DeviceTable({
  devices,
  onRevoke,
}: {
  devices: SyncDevice[];
  onRevoke: (device: SyncDevice) => void;
}) {
  const cols = words.device;
  return (
    <table className="dtable">
      <caption className="visually-hidden">{words.devicesTitle}</caption>
      <thead>
        <tr>
          <th scope="col">{cols.name}</th>
          <th scope="col">{cols.lastContact}</th>
          <th scope="col">{cols.waiting}</th>
          <th scope="col">{cols.lag}</th>
          <th scope="col">{cols.clock}</th>
          <th scope="col">
            <span className="visually-hidden">{cols.revoke}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {devices.map((device) => (
          <tr key={device.id} data-testid="sync-device">
            <th scope="row">
              {device.name} {device.kind === 'venue' && <Pill>{cols.venue}</Pill>}{' '}
              {device.revoked_at && <Pill tone="bad">{cols.revoked}</Pill>}
            </th>
            <td data-label={cols.lastContact}>
              {device.last_contact_at ? format.dateTime(device.last_contact_at) : cols.never}
            </td>
            <td data-label={cols.waiting} data-testid="sync-device-waiting">
              {device.waiting_ops}
            </td>
            <td data-label={cols.lag}>{cols.lagValue(device.lag)}</td>
            <td data-label={cols.clock}>{cols.clockValue(device.clock_offset_ms)}</td>
            <td>
              {!device.revoked_at && (
                <button type="button" className="dbutton dbutton--danger" onClick={() => onRevoke(device)}>
                  {cols.revoke}
                  <span className="visually-hidden"> {device.name}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ConflictTable({
  conflicts,
  busy,
  onAcknowledge,
}: {
  conflicts: SyncConflict[];
  busy: boolean;
  onAcknowledge: (conflict: SyncConflict) => void;
}) {
  const cols = words.conflict;
  return (
    <table className="dtable">
      <caption className="visually-hidden">{words.conflictsTitle}</caption>
      <thead>
        <tr>
          <th scope="col">{cols.when}</th>
          <th scope="col">{cols.who}</th>
          <th scope="col">{cols.what}</th>
          <th scope="col">{cols.kiosk}</th>
          <th scope="col">
            <span className="visually-hidden">{cols.acknowledge}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {conflicts.map((conflict) => (
          <tr key={conflict.id} data-testid="sync-conflict">
            <td>{format.dateTime(conflict.created_at)}</td>
            <th scope="row">{conflict.attendee_name ?? conflict.attendee_id}</th>
            <td data-label={cols.what}>{conflict.rule}</td>
            <td data-label={cols.kiosk}>{conflict.device ?? '—'}</td>
            <td>
              {conflict.acknowledged_at ? (
                <Pill tone="good">{cols.acknowledged}</Pill>
              ) : (
                <button
                  type="button"
                  className="dbutton"
                  disabled={busy}
                  onClick={() => onAcknowledge(conflict)}
                >
                  {cols.acknowledge}
                  <span className="visually-hidden"> {conflict.attendee_name ?? conflict.attendee_id}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
