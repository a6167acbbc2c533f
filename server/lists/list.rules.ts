import type { AttendeeStatus, RegistrationField } from '../contract/vocabulary.ts';
import { checkInOpensAt, isCheckInAllowed } from '../events/event.rules.ts';
import type { EventSettings } from '../events/event.types.ts';
import { derivedUuid } from '../platform/derived-id.ts';
import { addFieldError, type FieldErrors } from '../platform/field-errors.ts';
import { addDays, wallTimeToInstant, zonedDate } from '../platform/time.ts';
import type { CheckInListRecord, ListAdmits, ListRules, ListWindow, RulesVersion } from './list.types.ts';

/**
 * A check-in list's rules at the door (issue 38): who it admits, when it is open, how often, how many at once, and
 * when everyone is checked out, each decided in the event's zone by a pure function of the list, the time and what
 * is known of the person. The order-free rules about a person's scans (which entry stands, who is inside) are
 * entry.rules.ts.
 */

export const DEFAULT_LIST_NAME = 'Main entrance';
export const MAX_LISTS_PER_EVENT = 100;
export const MAX_WINDOWS = 50;
export const MAX_ADMITTED_VALUES = 200;
/** A list keeps this many versions of its rules; past it the oldest goes (scans that old keep their outcome). */
export const MAX_RULE_VERSIONS = 200;

/** What a new list has unless told otherwise, and what the default list keeps for good. */
export const DEFAULT_RULES: ListRules = {
  admits: null,
  windows: [],
  entryRule: 'once',
  exitsScanned: false,
  autoCheckoutAt: null,
  capacity: null,
};

/** Default list UUIDs by event UUID, derived once each (a few hundred events at most on a node; cleared past that). */
const defaultListUuids = new Map<string, string>();
const DEFAULT_LIST_UUIDS_KEPT = 1000;

/**
 * The UUID of an event's default list: derived from the event's, so the hub and every replica name the same list
 * even before its row reaches them. Migration 032 derives it the same way for the events that existed.
 */
export function defaultListUuid(eventUuid: string): string {
  let uuid = defaultListUuids.get(eventUuid);
  if (uuid === undefined) {
    // Hashed for each scan a write reads, it was a few per cent of a check-in's CPU: each event's once.
    if (defaultListUuids.size >= DEFAULT_LIST_UUIDS_KEPT) defaultListUuids.clear();
    uuid = derivedUuid('default check-in list', eventUuid.toLowerCase());
    defaultListUuids.set(eventUuid, uuid);
  }
  return uuid;
}

/** How list names compare: "Workshop A" and "workshop a" are one name in an event. */
export const listNameKey = (name: string): string => name.trim().toLocaleLowerCase('en-US');

const at = (iso: string) => Date.parse(iso);

/** The version of a list's rules in force at `atMs`: the last that came into force by then, else the first. */
export function rulesAt(history: readonly RulesVersion[], atMs: number): RulesVersion {
  let found = history[0]!;
  for (const version of history.slice(1)) if (at(version.from) <= atMs) found = version;
  return found;
}

/** The fields of the rules the default list keeps as the event's check-in rules. */
const FIXED_ON_DEFAULT = ['admits', 'windows', 'entryRule', 'capacity'] as const;

/** Whether a change would touch what the default list keeps fixed (name, exits and check-out may change). */
export function changesFixedDefaultRules(current: ListRules, next: ListRules): boolean {
  return FIXED_ON_DEFAULT.some((key) => JSON.stringify(current[key]) !== JSON.stringify(next[key]));
}

/** Whether two sets of rules differ in anything a scan is decided by. */
export const rulesDiffer = (a: ListRules, b: ListRules): boolean =>
  JSON.stringify(rulesOnly(a)) !== JSON.stringify(rulesOnly(b));

const rulesOnly = (rules: ListRules): ListRules => ({
  admits: rules.admits,
  windows: rules.windows,
  entryRule: rules.entryRule,
  exitsScanned: rules.exitsScanned,
  autoCheckoutAt: rules.autoCheckoutAt,
  capacity: rules.capacity,
});

/**
 * The history after a change at `now`: a new version when the rules differ (the last one replaced when it came into
 * force at that very millisecond), bounded to `MAX_RULE_VERSIONS`.
 */
export function historyAfterChange(
  history: readonly RulesVersion[],
  next: ListRules,
  now: Date,
): RulesVersion[] {
  const last = history[history.length - 1]!;
  if (!rulesDiffer(last, next)) return [...history];
  const from = now.toISOString();
  const kept = at(last.from) >= now.getTime() && history.length > 1 ? history.slice(0, -1) : [...history];
  return [...kept, { ...rulesOnly(next), from }].slice(-MAX_RULE_VERSIONS);
}

/**
 * The settings a list is given (a new list, or an edit), checked against the event and its other lists; the shape of
 * each value is the route's schema's. Errors by field path, as the contract names them.
 */
export function listSettingsErrors(
  settings: { name: string; rules: ListRules },
  event: Pick<EventSettings, 'registrationFields'>,
  otherNames: readonly string[],
): FieldErrors {
  const errors: FieldErrors = {};
  const key = listNameKey(settings.name);
  if (otherNames.some((name) => listNameKey(name) === key)) {
    addFieldError(errors, 'name', 'The name has already been taken by another check-in list of this event.');
  }
  admitsErrors(settings.rules.admits, event.registrationFields, errors);
  settings.rules.windows.forEach((window, index) => {
    if (window.from >= window.until) {
      addFieldError(errors, `windows.${index}.until`, 'The until field must be a time after from.');
    }
  });
  return errors;
}

function admitsErrors(
  admits: ListAdmits | null,
  fields: readonly RegistrationField[],
  errors: FieldErrors,
): void {
  if (admits === null) return;
  const field = fields.find((candidate) => candidate.key === admits.field);
  if (!field || field.type !== 'select') {
    addFieldError(errors, 'admits.field', 'The admits field must name a choice field of the event.');
    return;
  }
  const values = new Set((field.options ?? []).map((option) => option.value));
  admits.values.forEach((value, index) => {
    if (!values.has(value)) {
      addFieldError(
        errors,
        `admits.values.${index}`,
        `The value "${value}" is not one of the choices of the ${field.label} field.`,
      );
    }
  });
}

/** Whether a list's `admits` covers a registration, by its answers. */
export function admitsRegistration(
  admits: ListAdmits | null,
  answers: Readonly<Record<string, string>>,
): boolean {
  if (admits === null) return true;
  const answer = answers[admits.field];
  return answer !== undefined && admits.values.includes(answer);
}

/** The lists (default first, then in order of creation) whose `admits` cover a registration: where to send them. */
export function listsCovering<L extends Pick<CheckInListRecord, 'history'>>(
  lists: readonly L[],
  answers: Readonly<Record<string, string>>,
): L[] {
  return lists.filter((list) => admitsRegistration(list.history.at(-1)!.admits, answers));
}

/** A window's bounds as instants in the event's zone (a skipped time is the first instant after the gap). */
const windowBounds = (window: ListWindow, zone: string) => ({
  from: wallTimeToInstant(window.from, zone),
  until: wallTimeToInstant(window.until, zone),
});

/** Whether a list with these windows is open at `nowMs` (no windows: always, within the event's check-in period). */
export function isWithinWindows(windows: readonly ListWindow[], zone: string, nowMs: number): boolean {
  if (windows.length === 0) return true;
  return windows.some((window) => {
    const bounds = windowBounds(window, zone);
    return bounds.from <= nowMs && nowMs < bounds.until;
  });
}

/** Whether a list takes entries at `now`: the event's check-in period, and one of its windows if it has any. */
export function isListOpen(
  event: EventSettings,
  windows: readonly ListWindow[],
  zone: string,
  now: Date,
): boolean {
  return isCheckInAllowed(event, now) && isWithinWindows(windows, zone, now.getTime());
}

/**
 * When a list closed at `now` next opens: the first start ahead (of the event's check-in period, or of one of the
 * list's windows) at which both the period and a window let people in; null when nothing opens again.
 */
export function nextOpening(
  event: EventSettings,
  windows: readonly ListWindow[],
  zone: string,
  now: Date,
): string | null {
  const starts: number[] = [];
  const periodOpens = checkInOpensAt(event, now);
  if (periodOpens !== null) starts.push(at(periodOpens));
  for (const window of windows) {
    const from = windowBounds(window, zone).from;
    if (from > now.getTime()) starts.push(from);
  }
  const open = starts
    .sort((a, b) => a - b)
    .find((start) => isListOpen(event, windows, zone, new Date(start)));
  return open === undefined ? null : new Date(open).toISOString();
}

/** `HH:MM`, a time of day. */
export const isTimeOfDay = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** The calendar day (in the event's zone) an instant falls on: what `once_per_day` counts by. */
export const dayOf = (atMs: number, zone: string): string => zonedDate(atMs, zone);

/** Check-out instants already worked out, by zone, day and time of day: every scan on such a list asks again. */
const checkoutInstants = new Map<string, readonly number[]>();
const CHECKOUT_DAYS_KEPT = 10_000;

/**
 * The instants of a check-out time (`HH:MM` in `zone`) on four days from the day before `day`: in case the zone's day
 * started earlier than UTC's; they cover every offset and gap.
 */
function checkoutsAround(day: string, time: string, zone: string): readonly number[] {
  const key = `${zone} ${day} ${time}`;
  let instants = checkoutInstants.get(key);
  if (instants === undefined) {
    const firstDay = addDays(day, -1);
    instants = [0, 1, 2, 3].map((offset) => wallTimeToInstant(`${addDays(firstDay, offset)}T${time}`, zone));
    if (checkoutInstants.size >= CHECKOUT_DAYS_KEPT) checkoutInstants.clear();
    checkoutInstants.set(key, instants);
  }
  return instants;
}

/**
 * The first automatic check-out of a list strictly after `afterMs`, by the versions of its rules in force at each
 * day's check-out time (`HH:MM` in the event's zone; a skipped time is the first instant after the gap, a repeated
 * one its first occurrence); null when none comes.
 */
export function nextAutoCheckout(
  history: readonly RulesVersion[],
  zone: string,
  afterMs: number,
): number | null {
  let first: number | null = null;
  history.forEach((version, index) => {
    if (version.autoCheckoutAt === null) return;
    const fromMs = index === 0 ? -Infinity : at(version.from);
    const untilMs = index + 1 < history.length ? at(history[index + 1]!.from) : Infinity;
    const startMs = Math.max(afterMs, fromMs);
    if (startMs >= untilMs) return;
    for (const instant of checkoutsAround(dayOf(startMs, zone), version.autoCheckoutAt, zone)) {
      if (instant <= afterMs || instant < fromMs) continue;
      if (instant >= untilMs) break;
      if (first === null || instant < first) first = instant;
      break;
    }
  });
  return first;
}

/** What the order-free rules say of a person on a list at the time of a scan (entry.rules.ts `stateAt`). */
export interface PersonOnList {
  /** The entry they are inside since, when inside. */
  insideSince: string | null;
  /** Whether the entry rule in force lets in one more admission now. */
  allowsMore: boolean;
}

export type EntryDecision =
  | { recorded: false; result: 'canceled' | 'pending' | 'not_on_list' | 'full' }
  | { recorded: false; result: 'not_now'; opensAt: string | null }
  | { recorded: false; result: 'already_entered'; enteredAt: string }
  | { recorded: true; result: 'admitted' | 'reentered'; forced: boolean; overCapacity: boolean };

/**
 * An entry at the door, by the first row of the contract's table that applies: the registration's status, who the
 * list admits, whether it is open, its entry rule, its capacity; then admitted, or welcomed back after an exit.
 * `force` (staff) admits over the list's own refusals, never over the registration's.
 */
export function decideEntry(input: {
  event: EventSettings;
  rules: ListRules;
  zone: string;
  now: Date;
  attendee: { status: AttendeeStatus; answers: Readonly<Record<string, string>> };
  person: PersonOnList;
  insideNow: number;
  force: boolean;
}): EntryDecision {
  const { event, rules, zone, now, attendee, person, insideNow, force } = input;
  if (attendee.status === 'canceled') return { recorded: false, result: 'canceled' };
  if (attendee.status === 'pending') return { recorded: false, result: 'pending' };
  const inside = person.insideSince !== null;
  const refusal = ((): EntryDecision | null => {
    if (!admitsRegistration(rules.admits, attendee.answers))
      return { recorded: false, result: 'not_on_list' };
    if (!isListOpen(event, rules.windows, zone, now)) {
      return { recorded: false, result: 'not_now', opensAt: nextOpening(event, rules.windows, zone, now) };
    }
    if (!person.allowsMore && inside) {
      return { recorded: false, result: 'already_entered', enteredAt: person.insideSince! };
    }
    if (isFull(rules.capacity, insideNow, inside)) return { recorded: false, result: 'full' };
    return null;
  })();
  if (refusal && !force) return refusal;
  return {
    recorded: true,
    result: !person.allowsMore && !inside ? 'reentered' : 'admitted',
    forced: refusal !== null,
    overCapacity: isFull(rules.capacity, insideNow, inside),
  };
}

/** A list at capacity takes nobody more, but lets back in someone it counts inside already. */
export const isFull = (capacity: number | null, insideNow: number, inside: boolean): boolean =>
  capacity !== null && insideNow >= capacity && !inside;
