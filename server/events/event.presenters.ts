import type { z } from 'zod';
import type { EventBrand } from '../brand/brand.types.ts';
import { publicLogoPath } from '../brand/brand.rules.ts';
import type { Organization } from '../organizations/organization.types.ts';
import { checkInOpensAt, isCheckInAllowed, isRegistrationOpen, registrationOpensAt } from './event.rules.ts';
import type { eventSchema, kioskEventSchema, publicEventSchema } from './event.schemas.ts';
import type { EventRecord } from './event.types.ts';
import type { RegistrationField } from '../contract/vocabulary.ts';

/** What the event endpoints (token API and dashboard) and the event webhooks show of an event. */
export function presentEvent(event: EventRecord, now: Date): z.input<typeof eventSchema> {
  return {
    id: event.uuid,
    name: event.name,
    description: event.description,
    starts_at: event.startsAt,
    ends_at: event.endsAt,
    location: event.location,
    timezone: event.timezone,
    seats: event.seats,
    requires_approval: event.requiresApproval,
    registration_opens_at: event.registrationOpensAt,
    registration_closes_at: event.registrationClosesAt,
    is_published: event.isPublished,
    checkin_period_type: event.checkinPeriodType,
    checkin_starts_at: event.checkinStartsAt,
    checkin_ends_at: event.checkinEndsAt,
    allow_self_checkin: event.allowSelfCheckin,
    redirect_url: event.redirectUrl,
    registration_fields: event.registrationFields,
    is_registration_open: isRegistrationOpen(event, now),
    is_checkin_allowed: isCheckInAllowed(event, now),
    attendees_count: event.attendeesCount,
    created_at: event.createdAt,
    updated_at: event.updatedAt,
  };
}

/** A field as the interface's public event shows it: without the French labels. */
function interfaceField(field: RegistrationField): RegistrationField {
  const { key, label, type, required, options } = field;
  return {
    key,
    label,
    type,
    required,
    ...(options
      ? { options: options.map(({ value, label: optionLabel }) => ({ value, label: optionLabel })) }
      : {}),
  };
}

/** The event as the public details endpoint shows it (`GET /public/events/{uuid}`). */
export function presentPublicEvent(
  event: EventRecord,
  organization: Organization,
  now: Date,
): z.input<typeof publicEventSchema> {
  return {
    id: event.uuid,
    name: event.name,
    description: event.description,
    organization: { name: organization.name, slug: organization.slug },
    registration_fields: event.registrationFields.map(interfaceField),
    is_registration_open: isRegistrationOpen(event, now),
    checkin_period_type: event.checkinPeriodType,
    is_checkin_allowed: isCheckInAllowed(event, now),
    allow_self_checkin: event.allowSelfCheckin,
    seats: event.seats,
    attendees_count: event.attendeesCount,
  };
}

/**
 * The event as a kiosk shows it (`GET /public/events/{uuid}/kiosk`): the public event, its times and zone, and its
 * brand.
 */
export function presentKioskEvent(
  event: EventRecord,
  organization: Organization,
  brand: EventBrand,
  now: Date,
): z.input<typeof kioskEventSchema> {
  return {
    ...presentPublicEvent(event, organization, now),
    registration_fields: event.registrationFields,
    timezone: event.timezone,
    starts_at: event.startsAt,
    ends_at: event.endsAt,
    location: event.location,
    registration_opens_at: registrationOpensAt(event, now),
    checkin_opens_at: checkInOpensAt(event, now),
    accent_color: brand.accentColor,
    logo_url: brand.logoEtag ? publicLogoPath(event.uuid, brand.logoEtag) : null,
  };
}
