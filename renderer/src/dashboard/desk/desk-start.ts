import { eventsApi } from '../api/events.ts';
import { listsApi } from '../api/lists.ts';
import { mailApi, type EventMail } from '../api/mail.ts';
import { deskApi, type DeskList, type DeskQuery, type LiveStats } from '../api/desk.ts';
import { keepEarly, useEarlyAnswer } from '../shell/early-answers.ts';

/** The list as the desk opens: everyone, first page. */
export const FIRST_QUERY: DeskQuery = { q: '', status: '', checkedIn: '', mail: '', page: 1 };

/** What the desk needs of its event before it shows anything. */
export const loadDeskEvent = (eventId: string, signal?: AbortSignal) =>
  Promise.all([
    deskApi.event(eventId, signal),
    deskApi.badgeSettings(eventId, signal),
    eventsApi.brand(eventId, signal),
    listsApi.lists(eventId, signal),
  ]);

/** One page of the list with the live counts, asked together (the desk's poll). */
export const loadDeskFeed = (eventId: string, query: DeskQuery, signal?: AbortSignal) =>
  Promise.all([deskApi.list(eventId, query, signal), deskApi.stats(eventId, signal)]);

export interface DeskStart {
  event: Awaited<ReturnType<typeof loadDeskEvent>> | null;
  /** The list (FIRST_QUERY) and counts. */
  feed: { list: DeskList; stats: LiveStats } | null;
  mail: EventMail | null;
}

const early = (eventId: string) => ({
  event: `desk event ${eventId}`,
  feed: `desk feed ${eventId}`,
  mail: `desk mail ${eventId}`,
});

/** Everything the desk shows on its first screen, asked at once as the page starts (dashboard/early.ts). */
export function loadDeskEarly(eventId: string): Promise<void>[] {
  const keys = early(eventId);
  return [
    keepEarly(keys.event, loadDeskEvent(eventId)),
    keepEarly(
      keys.feed,
      loadDeskFeed(eventId, FIRST_QUERY).then(([list, stats]) => ({ list, stats })),
    ),
    keepEarly(keys.mail, mailApi.eventMail(eventId)),
  ];
}

/** The desk's answers asked as the page started, where it is the first screen; nulls elsewhere. */
export function useDeskStart(eventId: string): DeskStart {
  const keys = early(eventId);
  return {
    event: useEarlyAnswer(keys.event),
    feed: useEarlyAnswer(keys.feed),
    mail: useEarlyAnswer(keys.mail),
  };
}
