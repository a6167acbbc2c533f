import type { EventRecord } from '../events/event.types.ts';
import { emailKey } from '../platform/email.ts';
import { randomBase62 } from '../platform/random.ts';
import type { Store } from '../store.ts';
import type { AttendeeService, CheckInOutcome } from './attendee.service.ts';
import { decideSelfCheckInAtEvent } from './attendee.rules.ts';
import type { AttendeeRecord } from './attendee.types.ts';
import {
  domainChoices,
  emailDomain,
  FIND_HANDLE_TTL_MS,
  FIND_LOCK_MS,
  FIND_MAX_MATCHES,
  kioskPausedUntil,
  matchesName,
  maskEmail,
  nameQuery,
  shortName,
} from './find-by-name.rules.ts';

/**
 * A registration a name found, as a kiosk may show it to whoever stands there. `handle` is null, and `domains`
 * empty, when its domain has too few of its kind to hide among: it cannot be confirmed at a kiosk (staff check it in).
 */
export interface NameMatch {
  handle: string | null;
  name: string;
  maskedEmail: string;
  domains: string[];
}

/** This kiosk chose too many wrong domains lately: its name path waits until `retryAt` (ms). */
type KioskPaused = { ok: false; reason: 'kiosk_paused'; retryAt: number };

export type FindByNameOutcome =
  | { ok: true; matches: NameMatch[]; tooMany: boolean }
  | { ok: false; reason: 'checkin_not_available' | 'self_checkin_disabled' }
  | KioskPaused;

export type HandleCheckInOutcome =
  | CheckInOutcome
  | { ok: false; reason: 'handle_unknown' | 'not_confirmed'; attendee: null }
  | (KioskPaused & { attendee: null });

/** What a handle stands for, kept on this server only: the attendee and the answer that proves it is them. */
interface IssuedHandle {
  eventId: number;
  attendeeUuid: string;
  domain: string;
  expiresAt: number;
}

/** Enough for a busy door; beyond it the oldest go first (a kiosk confirms within seconds of its search). */
const MAX_HANDLES = 10_000;

/** Insertion-ordered map capped at `capacity`: the oldest entry goes first. */
function setCapped<V>(map: Map<string, V>, key: string, value: V, capacity: number): void {
  map.delete(key);
  if (map.size >= capacity) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * Finding oneself by name at a kiosk, then checking in by confirming which match is one's own with the domain of
 * one's email (find-by-name.rules.ts). Handles live in this process's memory for a few minutes: a kiosk searches and
 * confirms on the same server (the hub, or a replica kiosk's own), and a restart only means searching again. The
 * check-in itself is the attendee service's self check-in, so its rules, answers and sync op are those of every
 * other self check-in.
 */
export function findByNameService(store: Store, attendees: AttendeeService) {
  const { repos, clock } = store;
  const handles = new Map<string, IssuedHandle>();
  /** Registrations a wrong domain was chosen for, until when: they check in at the desk meanwhile. */
  const locked = new Map<string, number>();
  /** When each kiosk (client address) chose a wrong domain lately, oldest first. */
  const wrongGuesses = new Map<string, number[]>();

  /** The kiosk's pause, if its wrong domains of late have paused its name path. */
  function pauseOf(kiosk: string, now: number): KioskPaused | null {
    const retryAt = kioskPausedUntil(wrongGuesses.get(kiosk) ?? [], now);
    return retryAt === null ? null : { ok: false, reason: 'kiosk_paused', retryAt };
  }

  function noteWrongGuess(kiosk: string, now: number): void {
    const recent = (wrongGuesses.get(kiosk) ?? []).filter((at) => at > now - FIND_LOCK_MS);
    setCapped(wrongGuesses, kiosk, [...recent, now], MAX_HANDLES);
  }

  /**
   * The registrations of `event` that `query` names (at most FIND_MAX_MATCHES), each with a fresh handle, for the
   * kiosk at client address `kiosk`.
   */
  function findByName(event: EventRecord, query: string, kiosk: string): FindByNameOutcome {
    const now = clock.now();
    // The event's refusals first, as self check-in has them: a closed kiosk tells nobody who is registered.
    const atEvent = decideSelfCheckInAtEvent(event, now);
    if (!atEvent.ok) return atEvent;
    const paused = pauseOf(kiosk, now.getTime());
    if (paused) return paused;
    const words = nameQuery(query);
    if (!words) return { ok: true, matches: [], tooMany: false };
    const fields = event.registrationFields;
    const seen = new Set<string>();
    const found: AttendeeRecord[] = [];
    // Live registrations come first, so an email's cancelled one counts only when it has no live one, as a
    // check-in by that email would find.
    for (const attendee of repos.attendees.findContainingAll(event.id, words)) {
      const key = emailKey(attendee.email);
      if (seen.has(key) || !matchesName(words, attendee, fields)) continue;
      seen.add(key);
      found.push(attendee);
      if (found.length > FIND_MAX_MATCHES) return { ok: true, matches: [], tooMany: true };
    }
    const pool = found.length > 0 ? repos.attendees.emailDomainCounts(event.id, event.organizationId) : [];
    const expiresAt = now.getTime() + FIND_HANDLE_TTL_MS;
    const matches = found
      .sort((a, b) => a.id - b.id)
      .map((attendee): NameMatch => {
        const shown = { name: shortName(attendee, fields), maskedEmail: maskEmail(attendee.email) };
        const domains = domainChoices(attendee, pool);
        // Too few domains of its kind to hide its own among: no question whose answer would give it away.
        if (!domains) return { ...shown, handle: null, domains: [] };
        const handle = randomBase62(24);
        setCapped(
          handles,
          handle,
          { eventId: event.id, attendeeUuid: attendee.uuid, domain: emailDomain(attendee.email), expiresAt },
          MAX_HANDLES,
        );
        return { ...shown, handle, domains };
      });
    return { ok: true, matches, tooMany: false };
  }

  /**
   * Self check-in of the registration a handle of `event` stands for, once `domain` is its email's. A handle is
   * spent by any answer; a wrong domain also locks that registration out of this path for a while, and counts
   * against the kiosk (`FIND_WRONG_GUESSES_PER_KIOSK`).
   */
  function checkInByHandle(
    event: EventRecord,
    handle: string,
    domain: string,
    kiosk: string,
  ): HandleCheckInOutcome {
    const now = clock.now().getTime();
    const paused = pauseOf(kiosk, now);
    if (paused) return { ...paused, attendee: null };
    const issued = handles.get(handle);
    handles.delete(handle);
    if (!issued || issued.eventId !== event.id || issued.expiresAt <= now) {
      return { ok: false, reason: 'handle_unknown', attendee: null };
    }
    const lockedUntil = locked.get(issued.attendeeUuid);
    if (lockedUntil !== undefined && lockedUntil > now) {
      return { ok: false, reason: 'not_confirmed', attendee: null };
    }
    if (domain.trim().toLowerCase() !== issued.domain) {
      setCapped(locked, issued.attendeeUuid, now + FIND_LOCK_MS, MAX_HANDLES);
      noteWrongGuess(kiosk, now);
      return { ok: false, reason: 'not_confirmed', attendee: null };
    }
    return attendees.selfCheckInByUuid(event, issued.attendeeUuid);
  }

  return { findByName, checkInByHandle };
}

export type FindByNameService = ReturnType<typeof findByNameService>;
