import { useEffect, useState } from 'react';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useLoad, type Load } from '../../shared/hooks/useLoad.ts';
import { format, t } from '../../shared/i18n/index.ts';
import { earlyEvent, publicApi, type PageEvent } from '../api.ts';
import { PageFrame } from '../PageFrame.tsx';
import { ZoneNote } from './ZoneNote.tsx';
import { RegistrationForm } from './RegistrationForm.tsx';

/**
 * `/e/{event}`: an event's public page, for a person on their own phone or computer, weeks before or at the door:
 * what the event is, when and where, how many seats are left, and its registration form. It never checks anyone
 * in: registering here leads to the person's ticket, which they show at the door.
 */
export function EventPage({ eventId }: { eventId: string }) {
  const load = useEvent(eventId);
  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') {
    return (
      <PageFrame>
        <Problem
          message={load.error.status === 404 ? t.eventPage.notAvailable : describeFailure(load.error)}
        />
      </PageFrame>
    );
  }
  const event = load.data;
  return (
    <PageFrame
      organization={event.organization.name}
      logoUrl={event.logo_url}
      accent={event.accent_color}
      wide
    >
      <EventDetails event={event} />
      <Registration event={event} />
    </PageFrame>
  );
}

/** The event: as main.tsx had it before the first render, else asked for now. */
function useEvent(eventId: string): Load<PageEvent> {
  const [early] = useState(() => earlyEvent(eventId));
  // With the early answer there is nothing to ask: a promise that never settles sets no state, so no render follows.
  const asked = useLoad(
    (signal) => (early ? new Promise<never>(() => {}) : publicApi.event(eventId, signal)),
    [eventId, early],
  );
  return early ?? asked;
}

function EventDetails({ event }: { event: PageEvent }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => {
    document.title = `${event.name} · ${event.organization.name}`;
  }, [event.name, event.organization.name]);
  const when = format.eventWhen(event.starts_at, event.ends_at, event.timezone);
  const seatsLeft = event.seats === null ? null : Math.max(0, event.seats - event.attendees_count);
  return (
    <section className="pevent" aria-labelledby="event-name">
      <h1 id="event-name" ref={heading} tabIndex={-1}>
        {event.name}
      </h1>
      <dl className="pevent-facts">
        {when && (
          <div>
            <dt>{t.eventPage.when}</dt>
            <dd data-testid="event-when">
              {when}
              <ZoneNote event={event} />
            </dd>
          </div>
        )}
        {event.location && (
          <div>
            <dt>{t.eventPage.where}</dt>
            <dd data-testid="event-where">{event.location}</dd>
          </div>
        )}
      </dl>
      {seatsLeft !== null && seatsLeft > 0 && event.is_registration_open && (
        <p className="pevent-seats" data-testid="seats-left">
          {t.eventPage.seatsLeft(seatsLeft)}
        </p>
      )}
      {event.description && (
        <div className="pevent-description" data-testid="event-description">
          {event.description.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      )}
    </section>
  );
}

/** The form while registration is open; else, plainly, why there is none. */
function Registration({ event }: { event: PageEvent }) {
  if (event.is_registration_open) return <RegistrationForm event={event} />;
  const full = event.seats !== null && event.attendees_count >= event.seats;
  let why: string;
  if (event.registration_opens_at) {
    why = t.eventPage.opens(format.dateTime(event.registration_opens_at, event.timezone));
  } else if (full) {
    why = t.eventPage.full;
  } else {
    why = t.eventPage.closed;
  }
  return (
    <p className="pnotice" data-testid="registration-state">
      {why}
    </p>
  );
}
