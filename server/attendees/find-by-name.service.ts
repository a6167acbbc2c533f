import type { EventRecord } from '../events/event.types.ts';
import { emailKey } from '../platform/email.ts';
import { randomBase62 } from '../platform/random.ts';
import type { Store } from '../store.ts';
import type { AttendeeService, CheckInOutcome } from './attendee.service.ts';
import { decideSelfCheckInAtEvent } from './attendee.rules.ts';
import type { AttendeeRecord } from './attendee.types.ts';
import {
  COMMON_EMAIL_DOMAINS,
  domainChoices,
  emailDomain,
  FIND_HANDLE_TTL_MS,
  FIND_LOCK_MS,
  FIND_MAX_MATCHES,
  matchesName,
  maskEmail,
  nameQuery,
  shortName,
} from './find-by-name.rules.ts';

/** A registration a name found, as a kiosk may show it to whoever stands there. */
export interface NameMatch {
  handle: string;
  name: string;
  maskedEmail: string;
  domains: string[];
}

export type FindByNameOutcome =
  | { ok: true; matches: NameMatch[]; tooMany: boolean }
  | { ok: false; reason: 'checkin_not_available' | 'self_checkin_disabled' };

export type HandleCheckInOutcome =
  CheckInOutcome | { ok: false; reason: 'handle_unknown' | 'not_confirmed'; attendee: null };

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

  /** The registrations of `event` that `query` names (at most FIND_MAX_MATCHES), each with a fresh handle. */
  function findByName(event: EventRecord, query: string): FindByNameOutcome {
    const now = clock.now();
    // The event's refusals first, as self check-in has them: a closed kiosk tells nobody who is registered.
    const atEvent = decideSelfCheckInAtEvent(event, now);
    if (!atEvent.ok) return atEvent;
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
    const pool = [...COMMON_EMAIL_DOMAINS, ...repos.attendees.sharedEmailDomains(event.id)];
    const expiresAt = now.getTime() + FIND_HANDLE_TTL_MS;
    const matches = found
      .sort((a, b) => a.id - b.id)
      .map((attendee): NameMatch => {
        const handle = randomBase62(24);
        setCapped(
          handles,
          handle,
          { eventId: event.id, attendeeUuid: attendee.uuid, domain: emailDomain(attendee.email), expiresAt },
          MAX_HANDLES,
        );
        return {
          handle,
          name: shortName(attendee, fields),
          maskedEmail: maskEmail(attendee.email),
          domains: domainChoices(attendee, pool),
        };
      });
    return { ok: true, matches, tooMany: false };
  }

  /**
   * Self check-in of the registration a handle of `event` stands for, once `domain` is its email's. A handle is
   * spent by any answer; a wrong domain also locks that registration out of this path for a while.
   */
  function checkInByHandle(event: EventRecord, handle: string, domain: string): HandleCheckInOutcome {
    const now = clock.now().getTime();
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
      return { ok: false, reason: 'not_confirmed', attendee: null };
    }
    return attendees.selfCheckInByUuid(event, issued.attendeeUuid);
  }

  return { findByName, checkInByHandle };
}

export type FindByNameService = ReturnType<typeof findByNameService>;
