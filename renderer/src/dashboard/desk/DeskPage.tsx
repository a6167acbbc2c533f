import { useEffect, useRef, useState } from 'react';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import { followLink, paths } from '../../shared/router.ts';
import { badgeFor, printBadgeInBrowser, type BadgeLayout } from '../../shared/badge/badge.ts';
import { listsApi, type CheckInList } from '../api/lists.ts';
import { InsideNowPanel } from '../lists/InsideNowPanel.tsx';
import { usePoll } from '../lists/usePoll.ts';
import {
  deskApi,
  PER_PAGE,
  type DeskAttendee,
  type DeskEvent,
  type DeskList,
  type DeskQuery,
} from '../api/desk.ts';
import { Notice } from '../shell/controls.tsx';
import { useExpireOn401 } from '../shell/session.tsx';
import { takeArrival, useRoamingDesk } from '../shell/roaming.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad, useSession } from '../shell/session.tsx';
import { AttendeeTable } from './AttendeeTable.tsx';
import { BulkNoShow } from './BulkNoShow.tsx';
import { DeskFilters } from './DeskFilters.tsx';
import { DeskScan } from './DeskScan.tsx';
import { LivePicture } from './LivePicture.tsx';
import { Pager } from './Pager.tsx';
import { actionsFor } from './RowActions.tsx';
import { StatusCounts } from './StatusCounts.tsx';
import { FIRST_QUERY, loadDeskEvent, useDeskStart, type DeskStart } from './desk-start.ts';
import { useDeskFeed } from './useDeskFeed.ts';
import { WalkInForm } from './WalkInForm.tsx';
import { SendTicketsButton, TicketMailPanel, useEventMail, useSendTickets } from '../mail/TicketMail.tsx';
import './desk.css';
import { serverText } from '../../shared/i18n/refusals.ts';

const words = wordsOf(() => t.dashboard.desk);

interface Outcome {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** `/dashboard/events/{id}/desk`, for owners and staff: the attendee desk of one event. */
export function DeskPage({ eventId }: { eventId: string }) {
  // Asked for as the page started, where the desk is the first screen (dashboard/early.ts).
  const start = useDeskStart(eventId);
  const load = useDashboardLoad((signal) => loadDeskEvent(eventId, signal), [eventId], start.event);
  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') return <Problem message={describeFailure(load.error)} />;
  const [event, badge, brand, lists] = load.data;
  return (
    <Desk event={event} badgeLayout={badge.layout} logoUrl={brand.logo_url} lists={lists} start={start} />
  );
}

/** How often the desk asks for the event's lists again: one made in the editor meanwhile can be scanned for. */
const LISTS_POLL_MS = 30_000;

function Desk({
  event,
  badgeLayout,
  logoUrl,
  lists: listsAtLoad,
  start,
}: {
  event: DeskEvent;
  badgeLayout: BadgeLayout;
  logoUrl: string | null;
  lists: CheckInList[];
  start: DeskStart;
}) {
  const { isOwner } = useSession();
  // Asked again while the desk is shown, and at once when it shows again (staff back from the editor's tab).
  const lists =
    usePoll((signal) => listsApi.lists(event.id, signal), LISTS_POLL_MS, event.id, listsAtLoad).data ??
    listsAtLoad;
  const [query, setQuery] = useState<DeskQuery>(FIRST_QUERY);
  const feed = useDeskFeed(event.id, query, start.feed);
  const eventMail = useEventMail(event.id, start.mail);
  // The mail counts follow the list: asked again with each of the desk's polls (which stop while it is hidden).
  const refreshMail = eventMail.refresh;
  useEffect(() => refreshMail(), [feed.stats, refreshMail]);
  const sending = useSendTickets(event.id, eventMail.mail, () => {
    eventMail.refresh();
    feed.refresh();
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [walkInOpen, setWalkInOpen] = useState(false);
  const isApiError = useExpireOn401();
  // When this server stops, the desk carries on at another of the venue's (shell/roaming.ts).
  const movingTo = useRoamingDesk(event.id);
  const [arrival] = useState(takeArrival);
  // Enter pressed before the answer to what was typed came: acted on when it comes.
  const enterPending = useRef(false);

  const report = (next: Outcome) => {
    setOutcome(next);
    if (next.tone === 'success') feed.refresh();
  };
  const list = feed.list;

  /** Enter in the search field: a single match that can be checked in is; anything else is left to the mouse. */
  const checkInSingleMatch = async () => {
    const only = list?.meta.total === 1 ? list.data[0] : undefined;
    if (!only || !actionsFor(only).includes('check-in')) return;
    try {
      const { message } = await deskApi.act(event.id, only.id, 'check-in');
      report({ tone: 'success', text: t.dashboard.desk.actions.result(only.name, serverText(message)) });
    } catch (error) {
      if (isApiError(error)) {
        report({ tone: 'error', text: t.dashboard.desk.actions.result(only.name, describeFailure(error)) });
      }
    }
  };
  // Staff at a desk print through the browser's dialog, which lets them pick the label printer.
  const printBadge = (attendee: DeskAttendee) =>
    printBadgeInBrowser(badgeFor(event, badgeLayout, attendee, logoUrl));
  const onEnter = () => {
    if (feed.searching) enterPending.current = true;
    else void checkInSingleMatch();
  };
  useEffect(() => {
    if (feed.searching || !enterPending.current) return;
    enterPending.current = false;
    void checkInSingleMatch();
  });
  const pages = list ? Math.ceil(list.meta.total / PER_PAGE) : 1;

  return (
    <div className="desk-page">
      <PageHeader
        title={words.pageTitle(event.name)}
        intro={words.intro}
        actions={
          // Everything that acts on the desk as a whole, at its top at every size: on a phone too, one tap away.
          <>
            <button
              type="button"
              className="dbutton dbutton--primary"
              aria-expanded={walkInOpen}
              aria-controls="desk-walkin-panel"
              onClick={() => setWalkInOpen((open) => !open)}
            >
              {walkInOpen ? words.hideWalkIn : words.addWalkIn}
            </button>
            <SendTicketsButton sending={sending} />
            {isOwner && (
              <a
                className="dbutton"
                href={paths.dashboard({ name: 'import', eventId: event.id })}
                onClick={followLink}
              >
                {words.importCsv}
              </a>
            )}
            <a className="dbutton" href={deskApi.exportUrl(event.id)} download>
              {words.exportCsv}
            </a>
          </>
        }
      />
      {movingTo ? (
        <Notice tone="info">{words.roaming.moving(movingTo)}</Notice>
      ) : (
        feed.error && <Notice tone="error">{words.cannotReach}</Notice>
      )}
      {arrival && (
        <Notice tone="info">
          {words.roaming.arrived(arrival.from)}
          {arrival.retried && ` ${words.roaming.retried(serverText(arrival.retried.message))}`}
        </Notice>
      )}
      <div id="desk-walkin-panel">{walkInOpen && <WalkInForm event={event} onAdded={feed.refresh} />}</div>
      <div className="desk-body">
        <DeskScan eventId={event.id} timeZone={event.timezone} lists={lists} onCheckedIn={feed.refresh} />
        <StatusCounts counts={feed.stats?.counts} />

        <section className="dsection desk-attendees" aria-labelledby="desk-attendees">
          <h2 id="desk-attendees">{words.table.heading}</h2>
          <DeskFilters
            query={query}
            onChange={(change) => {
              enterPending.current = false;
              setQuery((q) => ({ ...q, ...change, page: 1 }));
            }}
            onEnter={onEnter}
            mailPeople={eventMail.canMail ? eventMail.mail?.people : undefined}
          />
          {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
          <p className="desk-showing" role="status" data-testid="desk-showing">
            {feed.searching ? words.table.searching : list && showing(list)}
          </p>
          <DeskZoneNote timeZone={event.timezone} />
          {list && (
            <AttendeeTable
              eventId={event.id}
              timeZone={event.timezone}
              fields={event.registration_fields}
              attendees={list.data}
              busy={feed.searching}
              canMail={eventMail.canMail}
              onOutcome={report}
              onPrintBadge={printBadge}
            />
          )}
          <Pager page={query.page} pages={pages} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
          {/* After the list, never between the search box and its first result: it acts on everyone. */}
          <div className="dactions desk-bulk">
            <BulkNoShow eventId={event.id} onOutcome={report} />
          </div>
        </section>
        {/* Below the list, so the list starts on the first screen of a laptop. */}
        <InsideNowPanel eventId={event.id} timeZone={event.timezone} lists={lists} />
        <TicketMailPanel mail={eventMail.mail} sending={sending} />
        {sending.dialog}
        <LivePicture stats={feed.stats} timeZone={event.timezone} />
      </div>
    </div>
  );
}

/** The event's zone, named once, where this device's clock reads other hours than the venue's. */
function DeskZoneNote({ timeZone }: { timeZone: string }) {
  const zone = format.zoneIfOther(timeZone);
  return zone ? (
    <p className="muted" data-testid="desk-time-zone">
      {words.table.timeZone(zone)}
    </p>
  ) : null;
}

/** "Showing 51–100 of 10,000 attendees." */
function showing({ data, meta }: DeskList): string {
  // A page left beyond the end (everyone on it was just filtered away): say so rather than "101–100".
  if (data.length === 0 && meta.total > 0) return words.table.pageEmpty;
  const from = (meta.page - 1) * meta.per_page + 1;
  return words.table.showing(from, from + data.length - 1, meta.total);
}
