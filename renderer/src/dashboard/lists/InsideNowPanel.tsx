import { t, wordsOf } from '../../shared/i18n/index.ts';
import { listsApi, type CheckInList } from '../api/lists.ts';
import { DoorLinks } from './DoorLinks.tsx';
import { InsideCharts } from './InsideChart.tsx';
import { usePoll } from './usePoll.ts';
import './lists.css';

const words = wordsOf(() => t.dashboard.lists.inside);

/** Inside figures move with every scan: asked as often as the desk's list (2 s, while the page is visible). */
export const INSIDE_POLL_MS = 2_000;
/** The chart's points are 5 minutes apart: asked each minute. */
const CHART_POLL_MS = 60_000;

/**
 * Who is inside now: the event (each person once, whatever lists they are in) and each list against its capacity,
 * kept live; under them, the chart over the last hours per list. On the desk and on the Sync page.
 */
export function InsideNowPanel({
  eventId,
  timeZone,
  heading = words.heading,
  lists,
}: {
  eventId: string;
  timeZone: string;
  /** "Inside now" on the desk; none on the Sync page, whose section says it already. */
  heading?: string | null;
  /** The event's lists as the desk has them: each tile then opens a kiosk on its list. */
  lists?: CheckInList[];
}) {
  const inside = usePoll((signal) => listsApi.insideNow(eventId, signal), INSIDE_POLL_MS, eventId);
  const chart = usePoll((signal) => listsApi.chart(eventId, signal), CHART_POLL_MS, eventId);
  const number = (n: number) => n.toLocaleString(t.locale);
  const headingId = `inside-now-${eventId}`;
  return (
    <section className="dsection inside-now" aria-labelledby={heading === null ? undefined : headingId}>
      {heading !== null && <h2 id={headingId}>{heading}</h2>}
      {inside.data && (
        <dl className="inside-tiles">
          <div className="inside-tile inside-tile--event" data-testid="inside-now-event">
            <dt>{words.event}</dt>
            <dd className="inside-tile-figure">{number(inside.data.inside_now)}</dd>
            <dd className="muted">{words.eventHint}</dd>
          </div>
          {inside.data.lists.map((list) => {
            const full = list.capacity !== null && list.inside_now >= list.capacity;
            return (
              <div
                key={list.id}
                className={`inside-tile${full ? ' inside-tile--full' : ''}`}
                data-testid="inside-now-list"
              >
                <dt>{list.name}</dt>
                <dd className="inside-tile-figure">
                  {list.capacity === null
                    ? number(list.inside_now)
                    : words.ofCapacity(list.inside_now, list.capacity)}
                </dd>
                {full && <dd>{words.full}</dd>}
                {lists?.some((l) => l.id === list.id) && (
                  <dd>
                    <DoorLinks eventId={eventId} list={lists.find((l) => l.id === list.id)!} />
                  </dd>
                )}
                <dd>
                  <a href={listsApi.exportUrl(eventId, list.id)} download>
                    {t.dashboard.lists.exportCsv}
                    <span className="visually-hidden"> {list.name}</span>
                  </a>
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {chart.data && <InsideCharts chart={chart.data} timeZone={timeZone} />}
    </section>
  );
}
