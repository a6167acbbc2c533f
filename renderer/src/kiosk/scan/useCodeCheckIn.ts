import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { describeFailure } from '../../shared/components/Status.tsx';
import { t } from '../../shared/i18n/index.ts';
import type { KioskEvent, PublicProfile, ScanCheckIn } from '../api.ts';
import { kioskApi } from '../api.ts';
import { checkInOpensAt, opensLaterWords } from '../check-in/opening.ts';
import type { Tone } from '../components/ResultPanel.tsx';
import { useKioskSession } from '../shell/session.ts';
import { reportActivity } from '../shell/useIdleReset.ts';
import { profileCodeFrom } from './profile-code.ts';
import { createRepeatFilter } from './repeat-filter.ts';
import { ticketEventOf, usedTicketOf, usedTicketWords } from './scan-findings.ts';

/** The same code again within this window of its last sighting is the same person still holding it up. */
const REPEAT_WINDOW_MS = 3000;

/**
 * Every code this page has seen lately, whichever screen read it. It outlives a screen: a person still holding
 * their code up when their result times out (or when they tap Done) is not read again by the home's camera.
 */
const sightings = createRepeatFilter(REPEAT_WINDOW_MS);

/** Where a code came from: the camera reads one held up on every frame; a scanner reads once per scan. */
export type ScanSource = 'camera' | 'scanner';

/**
 * What became of a scanned code. A check-in or its refusal is a result (`isFinalScan`), shown over the whole screen
 * until the next code or its timeout; a profile of someone not registered, or a code that could not be used, leaves
 * the person where they are.
 */
export type ScanState =
  | { kind: 'waiting' }
  | { kind: 'looking' }
  | { kind: 'checked-in'; checkIn: ScanCheckIn['data']; code: string }
  /**
   * `otherWays`: a code the event does not know, whose holder may still be registered: the screen offers check-in
   * by email, finding oneself by name, and staff. `note`: a second line under the message.
   */
  | { kind: 'result'; tone: Tone; title: string; message: string; note?: string; otherWays?: boolean }
  | { kind: 'profile'; profile: PublicProfile }
  | { kind: 'refused'; tone: 'warning' | 'error'; title?: string | undefined; message: string };

export type FinalScan = Extract<ScanState, { kind: 'checked-in' | 'result' }>;

/** The states that are a result: shown on their own, counting down to home. */
export const isFinalScan = (state: ScanState): state is FinalScan =>
  state.kind === 'checked-in' || state.kind === 'result';

export interface CodeCheckIn {
  state: ScanState;
  /** Counts the answers shown: a new one, even with the same tone, is a new result (its own sound and timer). */
  answer: number;
  /** A code is being looked up while the last result stays on screen. */
  reading: boolean;
  scanned: (text: string, from?: ScanSource) => void;
}

export const asApiError = (error: unknown) => (error instanceof ApiError ? error : new ApiError(0, ''));

/** A refusal that leaves the person on the screen, to scan again. */
export function scanProblem(error: ApiError): ScanState {
  switch (error.status) {
    case 422:
      return { kind: 'refused', tone: 'warning', message: t.scan.notACode };
    case 429:
      return { kind: 'refused', tone: 'warning', title: t.scan.waitTitle, message: t.scan.rateLimited };
    default:
      return { kind: 'refused', tone: 'error', message: describeFailure(error) };
  }
}

/** What a code read at this kiosk comes to: a check-in, a refusal, a profile... (`signal` ends the request). */
export type DecideScan = (code: string, signal: AbortSignal) => Promise<ScanState>;

/**
 * Checks a person in by what a camera or a keyboard-wedge scanner read: a registration's check-in code or a
 * profile QR code, judged by the server (`POST /kiosk/api/events/{uuid}/scan`). A profile of someone not
 * registered here is shown instead, so they can register with it.
 */
export function useCodeCheckIn(): CodeCheckIn {
  const { event } = useKioskSession();
  const decide = useCallback<DecideScan>((text, signal) => checkInByCode(event, text, signal), [event]);
  return useCodeReader(decide);
}

/**
 * Reads codes and shows what `decide` makes of each. A queue moves at the pace of people: a new code is read at
 * once, whatever is on screen, and its answer replaces the last result (which stays until then, so the screen never
 * flashes back home in between). The same code again within a few seconds of its last sighting is the same person
 * still holding it up, and is not read again: the camera sees a code on every frame it is in view. A scanner (a
 * keyboard wedge) reads a code once per scan, so the code whose result is on screen, scanned again, is asked again:
 * a ticket shown twice says "already checked in", never leaving the first holder's welcome up.
 */
export function useCodeReader(decide: DecideScan): CodeCheckIn {
  const [view, setView] = useState<Omit<CodeCheckIn, 'scanned'>>({
    state: { kind: 'waiting' },
    answer: 0,
    reading: false,
  });
  /** The scans under way, each its own request: none is cut off by the next, whose person may already be in. */
  const pending = useRef(new Set<AbortController>());
  /** Scans by order of reading: an answer is shown unless a later scan's answer has been already. */
  const order = useRef({ read: 0, shown: 0 });
  /** The code whose result is on screen (as the repeat filter knows it), while one is. */
  const onScreen = useRef<string | null>(null);

  const scanned = useCallback(
    (text: string, from: ScanSource = 'camera') => {
      // A profile code read as a bare code or as its URL is the same code held up again.
      const seen = profileCodeFrom(text) ?? text.trim();
      const fresh = sightings.accept(seen);
      if (!fresh && !(from === 'scanner' && onScreen.current === seen)) return;
      reportActivity();
      const turn = ++order.current.read;
      const controller = new AbortController();
      pending.current.add(controller);
      const { signal } = controller;
      const show = (next: ScanState) => {
        pending.current.delete(controller);
        if (signal.aborted || turn < order.current.shown) return;
        order.current.shown = turn;
        onScreen.current = isFinalScan(next) ? seen : null;
        const reading = order.current.read > turn;
        setView((shown) => ({ state: next, answer: shown.answer + 1, reading }));
      };
      setView((shown) =>
        isFinalScan(shown.state) ? { ...shown, reading: true } : { ...shown, state: { kind: 'looking' } },
      );
      decide(text, signal).then(show, () => {
        // Aborted: the screen is gone. Anything else is a problem to scan past.
        if (!signal.aborted) show(scanProblem(new ApiError(0, '')));
      });
    },
    [decide],
  );
  useEffect(() => {
    const requests = pending.current;
    return () => {
      for (const controller of requests) controller.abort();
    };
  }, []);

  return { ...view, scanned };
}

/** The kiosk's own check-in by a scanned code, and what each refusal means to the person holding it. */
async function checkInByCode(event: KioskEvent, text: string, signal: AbortSignal): Promise<ScanState> {
  try {
    const { data } = await kioskApi.scan(event.id, text, signal);
    return { kind: 'checked-in', checkIn: data, code: text };
  } catch (error) {
    if (signal.aborted) throw error;
    const refusal = asApiError(error);
    switch (refusal.status) {
      case 409: {
        // Whose, when and where, and no badge: whoever shows a ticket used before may hold a copy of it.
        const used = usedTicketOf(refusal);
        return {
          kind: 'result',
          tone: 'already',
          title: t.checkIn.alreadyTitle,
          message: used ? usedTicketWords(used, event) : describeFailure(refusal),
          note: t.scan.notYou,
        };
      }
      case 403: {
        const opensAt = checkInOpensAt(refusal, event.checkin_opens_at, new Date());
        return opensAt
          ? { kind: 'result', tone: 'warning', ...opensLaterWords(opensAt, event) }
          : {
              kind: 'result',
              tone: 'error',
              title: t.checkIn.refusedTitle,
              message: describeFailure(refusal),
            };
      }
      case 404:
        return notRegistered(text, refusal, event, signal);
      default:
        return scanProblem(refusal);
    }
  }
}

/**
 * No registration here matches the code. A ticket of another event of the organization names that event; a profile
 * QR code still shows the profile (with the offer to register with it); any other code is one the kiosk cannot
 * find. The person may be registered all the same (a ticket of an old mail, a screenshot of another's): the screen
 * offers the other ways in, by email, by name, and staff.
 */
async function notRegistered(
  text: string,
  refusal: ApiError,
  event: KioskEvent,
  signal: AbortSignal,
): Promise<ScanState> {
  const ticketEvent = ticketEventOf(refusal);
  if (ticketEvent !== null) {
    return {
      kind: 'result',
      tone: 'warning',
      title: t.scan.otherEventTitle(ticketEvent),
      message: t.scan.otherEventMessage(event.name),
      otherWays: true,
    };
  }
  const notHere: ScanState = {
    kind: 'result',
    tone: 'warning',
    title: t.scan.unknownTitle(event.name),
    message: t.scan.unknownMessage,
    otherWays: true,
  };
  const code = profileCodeFrom(text);
  if (!code) return notHere;
  try {
    return { kind: 'profile', profile: await kioskApi.profile(code, signal) };
  } catch (error) {
    const problem = asApiError(error);
    if (problem.status === 404) return notHere;
    if (problem.status === 403) {
      return {
        kind: 'refused',
        tone: 'error',
        title: t.scan.privateTitle,
        message: describeFailure(problem),
      };
    }
    return scanProblem(problem);
  }
}
