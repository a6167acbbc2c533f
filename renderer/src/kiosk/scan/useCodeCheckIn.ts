import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client.ts';
import { describeFailure } from '../../shared/components/Status.tsx';
import { t } from '../../shared/i18n/index.ts';
import type { PublicProfile, ScanCheckIn } from '../api.ts';
import { kioskApi } from '../api.ts';
import type { Tone } from '../components/ResultPanel.tsx';
import { useKioskSession } from '../shell/session.ts';
import { reportActivity } from '../shell/useIdleReset.ts';
import { profileCodeFrom } from './profile-code.ts';
import { createRepeatFilter } from './repeat-filter.ts';

/** The same code again within this window is the same person still holding it up. */
const REPEAT_WINDOW_MS = 3000;

/**
 * What became of a scanned code. A check-in or its refusal is the end of the visit (`result`); a profile of
 * someone not registered, or a code that could not be used, leaves the person where they are.
 */
export type ScanState =
  | { kind: 'waiting' }
  | { kind: 'looking' }
  | { kind: 'checked-in'; checkIn: ScanCheckIn['data']; code: string }
  /** `reprint`: the code of someone already checked in, whose badge can be printed again. */
  | { kind: 'result'; tone: Tone; title: string; message: string; reprint?: string }
  | { kind: 'profile'; profile: PublicProfile }
  | { kind: 'refused'; tone: 'warning' | 'error'; title?: string | undefined; message: string };

/** The states that end a visit: shown on their own, counting down to home. */
export const isFinalScan = (state: ScanState) => state.kind === 'checked-in' || state.kind === 'result';

const asApiError = (error: unknown) => (error instanceof ApiError ? error : new ApiError(0, ''));

/** A refusal that leaves the person on the screen, to scan again. */
function scanProblem(error: ApiError): ScanState {
  switch (error.status) {
    case 422:
      return { kind: 'refused', tone: 'warning', message: t.scan.notACode };
    case 429:
      return { kind: 'refused', tone: 'warning', title: t.scan.waitTitle, message: t.scan.rateLimited };
    default:
      return { kind: 'refused', tone: 'error', message: describeFailure(error) };
  }
}

/**
 * Checks a person in by what a camera or a keyboard-wedge scanner read: a registration's check-in code or a
 * profile QR code, judged by the server (`POST /kiosk/api/events/{uuid}/scan`). A profile of someone not
 * registered here is shown instead, so they can register with it.
 */
export function useCodeCheckIn(): { state: ScanState; scanned: (text: string) => void } {
  const { event } = useKioskSession();
  const [state, setState] = useState<ScanState>({ kind: 'waiting' });
  const repeats = useMemo(() => createRepeatFilter(REPEAT_WINDOW_MS), []);
  const request = useRef<AbortController | null>(null);
  // Once a visit ends in a result, later reads (the code still in front of the camera) are that same visit.
  const ended = useRef(false);

  const scanned = useCallback(
    (text: string) => {
      // A profile code read as a bare code or as its URL is the same code held up again.
      if (ended.current || !repeats.accept(profileCodeFrom(text) ?? text.trim())) return;
      reportActivity();
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      const { signal } = controller;
      const show = (next: ScanState) => {
        if (signal.aborted) return;
        ended.current = isFinalScan(next);
        setState(next);
      };
      setState({ kind: 'looking' });

      kioskApi.scan(event.id, text, signal).then(
        ({ data }) => show({ kind: 'checked-in', checkIn: data, code: text }),
        async (error: unknown) => {
          if (signal.aborted) return;
          const refusal = asApiError(error);
          switch (refusal.status) {
            case 409:
              return show({
                kind: 'result',
                tone: 'already',
                title: t.checkIn.alreadyTitle,
                message: describeFailure(refusal),
                reprint: text,
              });
            case 403:
              return show({
                kind: 'result',
                tone: 'error',
                title: t.checkIn.refusedTitle,
                message: describeFailure(refusal),
              });
            case 404:
              return show(await notRegistered(text, refusal, signal));
            default:
              return show(scanProblem(refusal));
          }
        },
      );
    },
    [event.id, repeats],
  );
  useEffect(() => () => request.current?.abort(), []);

  return { state, scanned };
}

/**
 * No registration here matches the code. A profile QR code still shows the profile (with the offer to register
 * with it); anything else says the person is not registered.
 */
async function notRegistered(text: string, refusal: ApiError, signal: AbortSignal): Promise<ScanState> {
  const notHere: ScanState = {
    kind: 'result',
    tone: 'warning',
    title: t.checkIn.notRegisteredTitle,
    message: describeFailure(refusal),
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
