import type { FieldErrors, FieldType, LocalizedRegistrationField } from '../../shared/api/types.ts';
import { t } from '../../shared/i18n/index.ts';
import type { CheckinPeriodType, DashboardEvent, EventSettings } from '../api/events.ts';
import { browserTimeZone, fromZonedInput, toZonedInput } from './zoned-time.ts';

/**
 * The event editor's form state: every setting as its control holds it (date-times as the venue's wall-clock
 * `datetime-local` values, seats as typed), turned into the server's settings only on save. Rows carry an id of
 * their own so that React, focus and the server's field errors follow a row when it moves.
 */

export interface OptionDraft {
  id: string;
  value: string;
  label: string;
  /** The label in French; empty for none (French screens show `label`). */
  labelFr: string;
}

export interface FieldDraft {
  id: string;
  key: string;
  /** Until someone types a key, it follows the label (`Company size` → `company_size`). */
  keyEdited: boolean;
  label: string;
  /** The label in French; empty for none (French screens show `label`). */
  labelFr: string;
  type: FieldType;
  required: boolean;
  options: OptionDraft[];
}

export interface EventDraft {
  name: string;
  description: string;
  location: string;
  timezone: string;
  starts_at: string;
  ends_at: string;
  seats: string;
  requires_approval: boolean;
  registration_opens_at: string;
  registration_closes_at: string;
  is_published: boolean;
  checkin_period_type: CheckinPeriodType;
  checkin_starts_at: string;
  checkin_ends_at: string;
  allow_self_checkin: boolean;
  redirect_url: string;
  fields: FieldDraft[];
  /**
   * A new event's check-in follows its times (opening an hour before it starts, closing when it ends) until
   * someone sets a check-in time by hand. Not sent: the times it sets are.
   */
  checkinFollowsEvent: boolean;
}

let lastId = 0;
const newRowId = (): string => `row-${++lastId}`;

export function newField(): FieldDraft {
  return {
    id: newRowId(),
    key: '',
    keyEdited: false,
    label: '',
    labelFr: '',
    type: 'text',
    required: false,
    options: [],
  };
}

export function newOption(): OptionDraft {
  return { id: newRowId(), value: '', label: '', labelFr: '' };
}

function fieldDraft(field: LocalizedRegistrationField): FieldDraft {
  return {
    id: newRowId(),
    key: field.key,
    // A saved field's key names its answers: it only changes when someone changes it on purpose.
    keyEdited: true,
    label: field.label,
    labelFr: field.label_fr ?? '',
    type: field.type,
    required: field.required,
    options: (field.options ?? []).map((o) => ({
      id: newRowId(),
      value: o.value,
      label: o.label,
      labelFr: o.label_fr ?? '',
    })),
  };
}

/**
 * A new event: the kiosk's usual fields, the organizer's (the browser's) time zone, unpublished, self check-in
 * allowed, and check-in from an hour before the event starts, not "any time": someone registering from home must
 * not be able to check in from there.
 */
export function newEventDraft(): EventDraft {
  const labels = t.dashboard.events.defaultFields;
  const french = t.dashboard.events.defaultFieldsFr;
  return {
    name: '',
    description: '',
    location: '',
    timezone: browserTimeZone(),
    starts_at: '',
    ends_at: '',
    seats: '',
    requires_approval: false,
    registration_opens_at: '',
    registration_closes_at: '',
    is_published: false,
    checkin_period_type: 'starts_on',
    checkin_starts_at: '',
    checkin_ends_at: '',
    allow_self_checkin: true,
    redirect_url: '',
    fields: [
      fieldDraft({
        key: 'email',
        label: labels.email,
        label_fr: french.email,
        type: 'email',
        required: true,
      }),
      fieldDraft({
        key: 'first_name',
        label: labels.first_name,
        label_fr: french.first_name,
        type: 'text',
        required: true,
      }),
      fieldDraft({
        key: 'last_name',
        label: labels.last_name,
        label_fr: french.last_name,
        type: 'text',
        required: true,
      }),
      fieldDraft({
        key: 'company',
        label: labels.company,
        label_fr: french.company,
        type: 'text',
        required: false,
      }),
    ],
    checkinFollowsEvent: true,
  };
}

export function eventDraft(event: DashboardEvent): EventDraft {
  const wall = (instant: string | null) => toZonedInput(instant, event.timezone);
  return {
    name: event.name,
    description: event.description,
    location: event.location ?? '',
    timezone: event.timezone,
    starts_at: wall(event.starts_at),
    ends_at: wall(event.ends_at),
    seats: event.seats === null ? '' : String(event.seats),
    requires_approval: event.requires_approval,
    registration_opens_at: wall(event.registration_opens_at),
    registration_closes_at: wall(event.registration_closes_at),
    is_published: event.is_published,
    checkin_period_type: event.checkin_period_type,
    checkin_starts_at: wall(event.checkin_starts_at),
    checkin_ends_at: wall(event.checkin_ends_at),
    allow_self_checkin: event.allow_self_checkin,
    redirect_url: event.redirect_url ?? '',
    fields: event.registration_fields.map(fieldDraft),
    checkinFollowsEvent: false,
  };
}

/** How long before a new event starts its check-in opens, unless someone says otherwise. */
export const CHECKIN_LEAD_MS = 60 * 60 * 1000;

/** A `datetime-local` wall time moved by `ms` (wall-clock arithmetic: the zone is applied on save); '' stays ''. */
export function shiftWallTime(wall: string, ms: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!match) return '';
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const shifted = new Date(Date.UTC(y, mo - 1, d, h, mi) + ms).toISOString();
  return shifted.slice(0, 16);
}

/**
 * The draft after a change: while a new event's check-in follows its times, a new start moves check-in's opening
 * (an hour before) and a new end its closing; setting a check-in time by hand ends that.
 */
export function applyDraftChange(current: EventDraft, patch: Partial<EventDraft>): EventDraft {
  const next = { ...current, ...patch };
  if ('checkin_starts_at' in patch || 'checkin_ends_at' in patch)
    return { ...next, checkinFollowsEvent: false };
  if (!current.checkinFollowsEvent) return next;
  if ('starts_at' in patch) next.checkin_starts_at = shiftWallTime(next.starts_at, -CHECKIN_LEAD_MS);
  if ('ends_at' in patch) next.checkin_ends_at = next.ends_at;
  return next;
}

/** A French label as the server takes it: left out when empty. */
const french = (labelFr: string) => (labelFr.trim() ? { label_fr: labelFr.trim() } : {});

/** The field as the server takes it: options for a select only, French labels where given. */
function registrationField(field: FieldDraft): LocalizedRegistrationField {
  const { key, label, type, required } = field;
  const common = { key: key.trim(), label: label.trim(), ...french(field.labelFr), type, required };
  if (type !== 'select') return common;
  const options = field.options.map((o) => ({
    value: o.value.trim(),
    label: o.label.trim(),
    ...french(o.labelFr),
  }));
  return { ...common, options };
}

/** The draft as the settings to POST or PATCH; wall-clock times are read in the event's (possibly new) zone. */
export function eventSettings(draft: EventDraft): EventSettings {
  const at = (wall: string) => fromZonedInput(wall, draft.timezone);
  const period = draft.checkin_period_type;
  const seats = draft.seats.trim();
  return {
    name: draft.name,
    description: draft.description,
    location: draft.location.trim() || null,
    timezone: draft.timezone,
    starts_at: at(draft.starts_at),
    ends_at: at(draft.ends_at),
    // A number input holds a number or nothing; 2.5 or 0 go as typed, for the server to refuse in words.
    seats: seats === '' ? null : Number(seats),
    requires_approval: draft.requires_approval,
    registration_opens_at: at(draft.registration_opens_at),
    registration_closes_at: at(draft.registration_closes_at),
    is_published: draft.is_published,
    checkin_period_type: period,
    // Times the chosen period does not use are cleared, so the event says only what applies.
    checkin_starts_at: period === 'starts_on' || period === 'date_range' ? at(draft.checkin_starts_at) : null,
    checkin_ends_at: period === 'date_range' ? at(draft.checkin_ends_at) : null,
    allow_self_checkin: draft.allow_self_checkin,
    redirect_url: draft.redirect_url.trim() || null,
    registration_fields: draft.fields.map(registrationField),
  };
}

/** `Company size!` → `company_size`: a key the server accepts (a letter first, then a-z, 0-9 and _). */
export function keyFromLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 64);
}

/** The list with the item at `index` moved by `delta` places (nothing happens past either end). */
export function moveItem<T>(items: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const moved = [...items];
  const [item] = moved.splice(index, 1);
  moved.splice(target, 0, item!);
  return moved;
}

const FIELD_ERROR = /^registration_fields\.(\d+)(?:\.(.+))?$/;
const OPTION_ERROR = /^options\.(\d+)(?:\.(.+))?$/;

/**
 * The server names a field's problems by position (`registration_fields.2.options.0.label`); the editor keeps them
 * by row (`row-7.options.row-9.label`), so each stays under its control when rows are moved or removed before
 * the next save. `fields` are the rows as they were sent. Other keys are left out.
 */
export function fieldErrorsByRow(errors: FieldErrors, fields: readonly FieldDraft[]): Record<string, string> {
  const byRow: Record<string, string> = {};
  for (const [name, messages] of Object.entries(errors)) {
    const match = FIELD_ERROR.exec(name);
    const field = match ? fields[Number(match[1])] : undefined;
    if (!field || !messages[0]) continue;
    const rest = match![2];
    const option = rest ? OPTION_ERROR.exec(rest) : null;
    const optionRow = option ? field.options[Number(option[1])] : undefined;
    let key = rest ? `${field.id}.${rest}` : field.id;
    if (optionRow) key = `${field.id}.options.${optionRow.id}${option![2] ? `.${option![2]}` : ''}`;
    byRow[key] ??= messages[0];
  }
  return byRow;
}

/** What each section of the editor gets: the draft, a way to change it, and the server's problem per setting. */
export interface SectionProps {
  draft: EventDraft;
  change: (patch: Partial<EventDraft>) => void;
  error: (setting: string) => string | undefined;
}
