import { Fragment, useState } from 'react';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import { followLink, paths } from '../../shared/router.ts';
import { eventsApi, type DashboardEvent } from '../api/events.ts';
import { Notice, Pill, useSubmit } from '../shell/controls.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad, useExpireOn401, useSession } from '../shell/session.tsx';
import { EventPageLink } from './EventPageLink.tsx';
import { KioskLink } from './KioskLink.tsx';
import './events.css';

const words = wordsOf(() => t.dashboard.events);

/**
 * `/dashboard/events`: the organization's events. Everyone gets each event's desk; owners also edit, publish and
 * unpublish, open the kiosk and show its link.
 */
export function EventsPage() {
  const { isOwner } = useSession();
  const [version, setVersion] = useState(0);
  const load = useDashboardLoad((signal) => eventsApi.list(signal), [version]);
  const [notice, setNotice] = useState<string | null>(null);
  const action = useSubmit();
  const isApiError = useExpireOn401();

  const setPublished = async (event: DashboardEvent, published: boolean) => {
    setNotice(null);
    const saved = await action.run(() => eventsApi.update(event.id, { is_published: published }), isApiError);
    if (!saved) return;
    setNotice(published ? words.list.publishedNotice(saved.name) : words.list.unpublishedNotice(saved.name));
    setVersion((v) => v + 1);
  };

  return (
    <>
      <PageHeader
        title={words.title}
        intro={isOwner ? words.introOwner : words.intro}
        actions={
          isOwner && (
            <a
              className="dbutton dbutton--primary"
              href={paths.dashboard({ name: 'event-new' })}
              onClick={followLink}
            >
              {words.newEvent}
            </a>
          )
        }
      />
      {notice && !action.failure && <Notice tone="success">{notice}</Notice>}
      {action.failure && <Notice tone="error">{action.failure}</Notice>}
      {load.status === 'loading' && <Loading />}
      {load.status === 'failed' && <Problem message={describeFailure(load.error)} />}
      {load.status === 'ready' &&
        (load.data.length === 0 ? (
          <p>{isOwner ? words.noneOwner : words.none}</p>
        ) : (
          <EventTable
            events={load.data}
            isOwner={isOwner}
            busy={action.busy}
            onPublish={(event, published) => void setPublished(event, published)}
          />
        ))}
    </>
  );
}

function EventTable({
  events,
  isOwner,
  busy,
  onPublish,
}: {
  events: DashboardEvent[];
  isOwner: boolean;
  busy: boolean;
  onPublish: (event: DashboardEvent, published: boolean) => void;
}) {
  // One panel open at a time, under its event's row: the kiosk link (owners) or the event page (everyone).
  const [open, setOpen] = useState<{ id: string; panel: Panel } | null>(null);
  return (
    <table className="dtable events-table">
      <caption className="visually-hidden">{words.title}</caption>
      <thead>
        <tr>
          <th scope="col">{words.list.event}</th>
          <th scope="col">{words.list.when}</th>
          <th scope="col">{words.list.status}</th>
          <th scope="col">{words.list.attendees}</th>
          <th scope="col">
            <span className="visually-hidden">{words.list.actions}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => {
          const shown = open?.id === event.id ? open.panel : null;
          const panelId = `event-panel-${event.id}`;
          const toggle = (panel: Panel) => (
            <button
              type="button"
              className="dbutton"
              aria-expanded={shown === panel}
              aria-controls={panelId}
              onClick={() => setOpen(shown === panel ? null : { id: event.id, panel })}
            >
              {panel === 'kiosk' ? words.list.showKioskLink : words.list.showEventPage}
              <span className="visually-hidden"> {event.name}</span>
            </button>
          );
          return (
            <Fragment key={event.id}>
              <tr data-testid="event-row">
                <th scope="row">
                  {event.name}
                  {event.location && <span className="events-location muted">{event.location}</span>}
                </th>
                <td>{describeWhen(event)}</td>
                <td>
                  <Pill tone={event.is_published ? 'good' : undefined}>
                    {event.is_published ? words.list.published : words.list.draft}
                  </Pill>
                  <span className="events-location muted">
                    {event.is_registration_open ? words.list.registrationOpen : words.list.registrationClosed}
                  </span>
                </td>
                <td data-label={words.list.attendeesLabel}>
                  {event.seats === null
                    ? words.list.attendeesCount(event.attendees_count)
                    : words.list.attendeesOf(event.attendees_count, event.seats)}
                </td>
                <td className="dtable-actions">
                  <RowLink to={paths.dashboard({ name: 'desk', eventId: event.id })} event={event}>
                    {words.list.desk}
                  </RowLink>
                  {isOwner && (
                    <RowLink to={paths.dashboard({ name: 'event', eventId: event.id })} event={event}>
                      {words.list.edit}
                    </RowLink>
                  )}
                  {toggle('page')}
                  {isOwner && (
                    <>
                      <button
                        type="button"
                        className="dbutton"
                        aria-disabled={busy || undefined}
                        onClick={() => !busy && onPublish(event, !event.is_published)}
                      >
                        {event.is_published ? words.list.unpublish : words.list.publish}
                        <span className="visually-hidden"> {event.name}</span>
                      </button>
                      <RowLink to={paths.kiosk(event.id)} event={event}>
                        {words.list.openKiosk}
                      </RowLink>
                      {toggle('kiosk')}
                    </>
                  )}
                </td>
              </tr>
              <tr id={panelId} hidden={shown === null} className="events-link-row">
                <td colSpan={5}>
                  {shown === 'kiosk' && <KioskLink event={event} />}
                  {shown === 'page' && <EventPageLink event={event} />}
                </td>
              </tr>
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

type Panel = 'kiosk' | 'page';

/** A link in an event's row: its visible word, and the event's name for a screen reader's list of links. */
function RowLink({ to, event, children }: { to: string; event: DashboardEvent; children: string }) {
  return (
    <a className="dbutton" href={to} onClick={followLink}>
      {children}
      <span className="visually-hidden"> {event.name}</span>
    </a>
  );
}

/**
 * "Mar 8, 2026, 10:00 AM – 5:00 PM" on the venue's clocks, whatever the zone of the laptop reading it; the zone named
 * where the laptop's clock reads other hours.
 */
function describeWhen(event: DashboardEvent): string {
  const { starts_at: start, ends_at: end, timezone } = event;
  if (!start && !end) return words.list.noDates;
  const first = (start ?? end)!;
  const range = format.range(first, start ? end : null, timezone);
  const zone = format.zoneIfOther(timezone, first);
  return zone ? `${range} (${zone})` : range;
}
