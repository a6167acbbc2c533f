import type { AttendeeStatus } from '../contract/vocabulary.ts';
import type { EventRecord, EventSettings } from './event.types.ts';
import { addFieldError, type FieldErrors } from '../platform/field-errors.ts';
import { registrationFieldName } from './field-names.rules.ts';

const at = (timestamp: string) => Date.parse(timestamp);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Registration is open while the event is published, inside its optional registration window, not over, and
 * (with limited seats) not full.
 */
export function isRegistrationOpen(event: EventRecord, now: Date): boolean {
  const t = now.getTime();
  if (!event.isPublished) return false;
  if (event.registrationOpensAt && t < at(event.registrationOpensAt)) return false;
  if (event.registrationClosesAt && t >= at(event.registrationClosesAt)) return false;
  if (event.endsAt && t >= at(event.endsAt)) return false;
  if (event.seats !== null && event.attendeesCount >= event.seats) return false;
  return true;
}

/** Whether the event's check-in period admits a check-in at `now` (staff or self). */
export function isCheckInAllowed(event: EventSettings, now: Date): boolean {
  const t = now.getTime();
  switch (event.checkinPeriodType) {
    case 'disabled':
      return false;
    case 'immediate':
      return true;
    case 'starts_on':
      return event.checkinStartsAt !== null && t >= at(event.checkinStartsAt);
    case 'date_range':
      return (
        event.checkinStartsAt !== null &&
        event.checkinEndsAt !== null &&
        t >= at(event.checkinStartsAt) &&
        t <= at(event.checkinEndsAt)
      );
  }
}

/** When check-in opens, while that is still ahead of `now` (a `starts_on` or `date_range` period); else null. */
export function checkInOpensAt(event: EventSettings, now: Date): string | null {
  if (event.checkinPeriodType !== 'starts_on' && event.checkinPeriodType !== 'date_range') return null;
  const starts = event.checkinStartsAt;
  return starts !== null && now.getTime() < at(starts) ? starts : null;
}

/** When registration opens, while that is still ahead of `now`; else null. */
export function registrationOpensAt(event: EventSettings, now: Date): string | null {
  const opens = event.registrationOpensAt;
  return opens !== null && now.getTime() < at(opens) ? opens : null;
}

/** A new registration waits for approval when the event asks for it. */
export function initialStatus(event: Pick<EventSettings, 'requiresApproval'>): AttendeeStatus {
  return event.requiresApproval ? 'pending' : 'confirmed';
}

/**
 * The rules that tie several settings together; the shape of each value is checked by the route's schema.
 * Runs on the merged result of a PATCH too, so an edit cannot leave an event inconsistent.
 */
export function eventSettingsErrors(settings: EventSettings): FieldErrors {
  const errors: FieldErrors = {};
  const fields = settings.registrationFields;

  const email = fields.find((f) => f.key === 'email');
  if (!email || email.type !== 'email' || !email.required) {
    addFieldError(
      errors,
      'registration_fields',
      'The registration fields must include a required field with key email and type email.',
    );
  }
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    if (seen.has(field.key)) {
      addFieldError(
        errors,
        `registration_fields.${index}.key`,
        `The key of ${registrationFieldName(index, field.label)} is already used by another field.`,
      );
    }
    seen.add(field.key);
    if (field.type === 'select') {
      const options = field.options ?? [];
      // Worded with the field's position and label (field-names.rules.ts), as the schema's errors are.
      const name = registrationFieldName(index, field.label);
      if (options.length === 0) {
        addFieldError(
          errors,
          `registration_fields.${index}.options`,
          `${capitalised(name)} is a choice list: add at least one choice.`,
        );
      }
      if (new Set(options.map((o) => o.value)).size !== options.length) {
        addFieldError(
          errors,
          `registration_fields.${index}.options`,
          `Two choices of ${name} have the same value: each needs its own.`,
        );
      }
    }
  });

  if (settings.startsAt && settings.endsAt && at(settings.endsAt) < at(settings.startsAt)) {
    addFieldError(errors, 'ends_at', 'The ends at field must be a date after or equal to starts at.');
  }
  if (
    settings.registrationOpensAt &&
    settings.registrationClosesAt &&
    at(settings.registrationClosesAt) <= at(settings.registrationOpensAt)
  ) {
    addFieldError(
      errors,
      'registration_closes_at',
      'The registration closes at field must be a date after registration opens at.',
    );
  }

  const type = settings.checkinPeriodType;
  if ((type === 'starts_on' || type === 'date_range') && !settings.checkinStartsAt) {
    addFieldError(
      errors,
      'checkin_starts_at',
      `The checkin starts at field is required when checkin period type is ${type}.`,
    );
  }
  if (type === 'date_range') {
    if (!settings.checkinEndsAt) {
      addFieldError(
        errors,
        'checkin_ends_at',
        'The checkin ends at field is required when checkin period type is date_range.',
      );
    } else if (settings.checkinStartsAt && at(settings.checkinEndsAt) <= at(settings.checkinStartsAt)) {
      addFieldError(
        errors,
        'checkin_ends_at',
        'The checkin ends at field must be a date after checkin starts at.',
      );
    }
  }

  if (settings.redirectUrl !== null && !settings.redirectUrl.includes('{code}')) {
    addFieldError(errors, 'redirect_url', 'The redirect url field must contain the {code} placeholder.');
  }
  return errors;
}

/** Where the external platform sends a registrant: the event's URL with `{code}` replaced by the attendee UUID. */
export function redirectUrlFor(
  event: Pick<EventSettings, 'redirectUrl'>,
  attendeeUuid: string,
): string | null {
  return event.redirectUrl ? event.redirectUrl.replaceAll('{code}', encodeURIComponent(attendeeUuid)) : null;
}
