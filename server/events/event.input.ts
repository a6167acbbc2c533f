import { machineTimeZone } from '../platform/time.ts';
import type { EventInput } from './event.schemas.ts';
import type { EventSettings } from './event.types.ts';

/**
 * The fields a new event asks for when none are given: the interface's sample, with their French labels (the
 * interface's public event shows them without).
 */
export const DEFAULT_REGISTRATION_FIELDS: EventSettings['registrationFields'] = [
  { key: 'email', label: 'Email', label_fr: 'E-mail', type: 'email', required: true },
  { key: 'first_name', label: 'First name', label_fr: 'Prénom', type: 'text', required: true },
  { key: 'last_name', label: 'Last name', label_fr: 'Nom', type: 'text', required: true },
  { key: 'company', label: 'Company', label_fr: 'Entreprise', type: 'text', required: false },
];

const NEW_EVENT: Omit<EventSettings, 'name' | 'timezone'> = {
  description: '',
  startsAt: null,
  endsAt: null,
  location: null,
  seats: null,
  requiresApproval: false,
  registrationOpensAt: null,
  registrationClosesAt: null,
  isPublished: false,
  checkinPeriodType: 'immediate',
  checkinStartsAt: null,
  checkinEndsAt: null,
  allowSelfCheckin: true,
  redirectUrl: null,
  registrationFields: DEFAULT_REGISTRATION_FIELDS,
};

/** Settings from a create body (over the defaults) or an event with a PATCH body's keys applied. */
export function applyEventInput(base: EventSettings | null, input: EventInput): EventSettings {
  const current: EventSettings = base ?? { ...NEW_EVENT, name: '', timezone: machineTimeZone() };
  const pick = <K extends keyof EventInput, V>(key: K, fallback: V): V =>
    input[key] === undefined ? fallback : (input[key] as V);
  return {
    name: pick('name', current.name),
    description: pick('description', current.description),
    startsAt: pick('starts_at', current.startsAt),
    endsAt: pick('ends_at', current.endsAt),
    location: pick('location', current.location) || null,
    timezone: pick('timezone', current.timezone),
    seats: pick('seats', current.seats),
    requiresApproval: pick('requires_approval', current.requiresApproval),
    registrationOpensAt: pick('registration_opens_at', current.registrationOpensAt),
    registrationClosesAt: pick('registration_closes_at', current.registrationClosesAt),
    isPublished: pick('is_published', current.isPublished),
    checkinPeriodType: pick('checkin_period_type', current.checkinPeriodType),
    checkinStartsAt: pick('checkin_starts_at', current.checkinStartsAt),
    checkinEndsAt: pick('checkin_ends_at', current.checkinEndsAt),
    allowSelfCheckin: pick('allow_self_checkin', current.allowSelfCheckin),
    redirectUrl: pick('redirect_url', current.redirectUrl) || null,
    registrationFields: input.registration_fields
      ? input.registration_fields.map(({ options, ...field }) =>
          // Options belong to select fields only; anywhere else they are dropped.
          field.type === 'select' ? { ...field, options: options ?? [] } : field,
        )
      : current.registrationFields,
  };
}
