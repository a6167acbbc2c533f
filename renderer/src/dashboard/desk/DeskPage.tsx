import { useState } from 'react';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { t } from '../../shared/i18n/index.ts';
import { followLink, paths } from '../../shared/router.ts';
import { deskApi, PER_PAGE, type DeskEvent, type DeskList, type DeskQuery } from '../api/desk.ts';
import { Notice } from '../shell/controls.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad, useSession } from '../shell/session.tsx';
import { AttendeeTable } from './AttendeeTable.tsx';
import { BulkNoShow } from './BulkNoShow.tsx';
import { DeskFilters } from './DeskFilters.tsx';
import { DeskScan } from './DeskScan.tsx';
import { LivePicture } from './LivePicture.tsx';
import { Pager } from './Pager.tsx';
import { StatusCounts } from './StatusCounts.tsx';
import { useDeskFeed } from './useDeskFeed.ts';
import { WalkInForm } from './WalkInForm.tsx';
import './desk.css';

const words = t.dashboard.desk;
const FIRST_QUERY: DeskQuery = { q: '', status: '', checkedIn: '', page: 1 };

interface Outcome {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** `/dashboard/events/{id}/desk`, for owners and staff: the attendee desk of one event. */
export function DeskPage({ eventId }: { eventId: string }) {
  const load = useDashboardLoad((signal) => deskApi.event(eventId, signal), [eventId]);
  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') return <Problem message={describeFailure(load.error)} />;
  return <Desk event={load.data} />;
}

function Desk({ event }: { event: DeskEvent }) {
  const { isOwner } = useSession();
  const [query, setQuery] = useState<DeskQuery>(FIRST_QUERY);
  const feed = useDeskFeed(event.id, query);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [walkInOpen, setWalkInOpen] = useState(false);

  const report = (next: Outcome) => {
    setOutcome(next);
    if (next.tone === 'success') feed.refresh();
  };
  const list = feed.list;
  const pages = list ? Math.ceil(list.meta.total / PER_PAGE) : 1;

  return (
    <>
      <PageHeader
        title={words.pageTitle(event.name)}
        intro={words.intro}
        actions={
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
            <a className="dbutton" href={deskApi.exportUrl(event.id)} download>
              {words.exportCsv}
            </a>
            {isOwner && (
              <a
                className="dbutton"
                href={paths.dashboard({ name: 'import', eventId: event.id })}
                onClick={followLink}
              >
                {words.importCsv}
              </a>
            )}
          </>
        }
      />
      {feed.error && <Notice tone="error">{words.cannotReach}</Notice>}
      <div id="desk-walkin-panel">{walkInOpen && <WalkInForm event={event} onAdded={feed.refresh} />}</div>
      <DeskScan eventId={event.id} onCheckedIn={feed.refresh} />
      <StatusCounts counts={feed.stats?.counts} />
      <LivePicture stats={feed.stats} />

      <section className="dsection" aria-labelledby="desk-attendees">
        <h2 id="desk-attendees">{words.table.heading}</h2>
        <DeskFilters query={query} onChange={(change) => setQuery((q) => ({ ...q, ...change, page: 1 }))} />
        <div className="dactions desk-bulk">
          <BulkNoShow eventId={event.id} onOutcome={report} />
        </div>
        {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
        <p className="desk-showing" role="status" data-testid="desk-showing">
          {feed.searching ? words.table.searching : list && showing(list)}
        </p>
        {list && (
          <AttendeeTable eventId={event.id} attendees={list.data} busy={feed.searching} onOutcome={report} />
        )}
        <Pager page={query.page} pages={pages} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
      </section>
    </>
  );
}

/** "Showing 51–100 of 10,000 attendees." */
function showing({ data, meta }: DeskList): string {
  // A page left beyond the end (everyone on it was just filtered away): say so rather than "101–100".
  if (data.length === 0 && meta.total > 0) return words.table.pageEmpty;
  const from = (meta.page - 1) * meta.per_page + 1;
  return words.table.showing(from, from + data.length - 1, meta.total);
}
