/**
 * The public API as the kiosk sees it (shared/spec/event-api.md). The renderer talks to the server over HTTP only;
 * the words both sides must agree on come from the shared contract, which holds types and literal lists only.
 */
import type {
  AttendeeStatus,
  CheckinPeriodType,
  RegistrationField,
} from '../../../../server/contract/vocabulary.ts';

export type {
  AttendeeStatus,
  CheckinPeriodType,
  FieldType,
  RegistrationField,
  SelectOption,
} from '../../../../server/contract/vocabulary.ts';

export interface PublicEvent {
  id: string;
  name: string;
  description: string;
  organization: { name: string; slug: string };
  registration_fields: RegistrationField[];
  is_registration_open: boolean;
  checkin_period_type: CheckinPeriodType;
  is_checkin_allowed: boolean;
  allow_self_checkin: boolean;
  seats: number | null;
  attendees_count: number;
}

export interface OrganizationSummary {
  name: string;
  slug: string;
}

export interface EventSummary {
  id: string;
  name: string;
  description: string;
  starts_at: string | null;
  ends_at: string | null;
  location: string | null;
}

export interface Registration {
  message: string;
  data: { id: number; email: string; name: string; status: AttendeeStatus; is_guest: boolean };
  redirect_url?: string;
}

export interface CheckIn {
  message: string;
  data: { id: number; email: string; name: string; checked_in_at: string };
}

export interface PublicProfile {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  birthday?: string;
  address?: { street?: string; city?: string; state?: string; postal_code?: string; country?: string };
  employment?: { job_title?: string; company?: string };
}

/** Field name to messages, as a 422 carries them. */
export type FieldErrors = Record<string, string[]>;
