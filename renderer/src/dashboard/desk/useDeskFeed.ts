import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import type { DeskList, DeskQuery, LiveStats } from '../api/desk.ts';
import { loadDeskFeed } from './desk-start.ts';
import { useSession } from '../shell/session.tsx';

/** Kiosks check people in while the desk watches: at most one poll every 2 s, as the issue allows. */
export const POLL_MS = 2000;
/** Typing waits this long for the next key before asking, so a name typed fast is one request. */
export const DEBOUNCE_MS = 150;

export interface DeskFeed {
  list: DeskList | null;
  /** The query `list` answers; while it differs from the one asked, a search is under way. */
  listQuery: DeskQuery | null;
  stats: LiveStats | null;
  /** The last poll's failure (the desk keeps trying); null once one succeeds. */
  error: ApiError | null;
}

const sameQuery = (a: DeskQuery | null, b: DeskQuery) =>
  !!a &&
  a.q === b.q &&
  a.status === b.status &&
  a.checkedIn === b.checkedIn &&
  a.mail === b.mail &&
  a.page === b.page;

/**
 * The desk's list and live counts, kept fresh. One request at a time: a new query (debounced) aborts the one in
 * flight; polls follow each answer by POLL_MS while the page is visible, and stop while it is hidden. The last
 * answer stays on screen meanwhile, so rows never blank out under the staff member's cursor.
 */
export function useDeskFeed(
  eventId: string,
  query: DeskQuery,
  /** The first answer to `query`, asked before the desk rendered (desk-start.ts): the first poll follows it. */
  early: { list: DeskList; stats: LiveStats } | null = null,
) {
  const { expire } = useSession();
  const [feed, setFeed] = useState<DeskFeed>(() =>
    early
      ? { list: early.list, listQuery: query, stats: early.stats, error: null }
      : { list: null, listQuery: null, stats: null, error: null },
  );
  const wanted = useRef(query);
  const answeredEarly = useRef(early !== null);
  const control = useRef<{ now: () => void; soon: () => void } | null>(null);

  useEffect(() => {
    let inFlight: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const visible = () => document.visibilityState === 'visible';
    const stop = () => {
      clearTimeout(timer);
      inFlight?.abort();
      inFlight = null;
    };
    const fetchNow = () => {
      stop();
      const controller = new AbortController();
      inFlight = controller;
      const asked = wanted.current;
      loadDeskFeed(eventId, asked, controller.signal)
        .then(
          ([list, stats]) => {
            if (!controller.signal.aborted) setFeed({ list, listQuery: asked, stats, error: null });
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const failure = error instanceof ApiError ? error : new ApiError(0, '');
            if (failure.status === 401) expire();
            else setFeed((current) => ({ ...current, error: failure }));
          },
        )
        .finally(() => {
          if (inFlight !== controller) return;
          inFlight = null;
          if (visible()) timer = setTimeout(fetchNow, POLL_MS);
        });
    };
    const onVisibility = () => (visible() ? fetchNow() : stop());

    control.current = {
      now: fetchNow,
      soon: () => {
        stop();
        timer = setTimeout(fetchNow, DEBOUNCE_MS);
      },
    };
    if (!answeredEarly.current) fetchNow();
    else if (visible()) timer = setTimeout(fetchNow, POLL_MS);
    answeredEarly.current = false;
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      control.current = null;
      stop();
    };
  }, [eventId, expire]);

  // A new search, filter or page: asked for after a short pause (the first one was asked on mount).
  useEffect(() => {
    if (wanted.current === query) return;
    wanted.current = query;
    control.current?.soon();
  }, [query]);

  return {
    ...feed,
    searching: !sameQuery(feed.listQuery, query),
    /** After an action: ask now rather than at the next poll. */
    refresh: () => control.current?.now(),
  };
}
