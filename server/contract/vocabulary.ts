/**
 * The words of the HTTP interface that the server and the renderer must agree on: the values an enum field takes
 * and the shapes that are the same on the wire and in the store. The one place renderer/ may import from server/,
 * so it holds literal data and types only: no imports, no functions (eslint.config.js keeps it so), nothing that
 * would pull server code into the browser bundle.
 */

export const FIELD_TYPES = ['text', 'email', 'phone', 'date', 'textarea', 'select'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface SelectOption {
  value: string;
  label: string;
}

/** One question of an event's registration form, as the public event response shows it. */
export interface RegistrationField {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** Present on select fields only. */
  options?: SelectOption[];
}

export const CHECKIN_PERIOD_TYPES = ['disabled', 'immediate', 'starts_on', 'date_range'] as const;
export type CheckinPeriodType = (typeof CHECKIN_PERIOD_TYPES)[number];

export const ATTENDEE_STATUSES = ['pending', 'confirmed', 'canceled', 'no_show'] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];

/** The parts of a profile its owner may show publicly. */
export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'birthday',
  'address',
  'employment',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export interface Address {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

export interface Employment {
  job_title?: string | null;
  company?: string | null;
}

export const TOKEN_SCOPES = [
  'events:read',
  'events:write',
  'attendees:read',
  'attendees:write',
  'users:write',
  'webhooks:manage',
  'sync',
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/**
 * What a token gets when none are named: everything but `sync`, which lets a venue's hub follow this server
 * (docs/sync.md) and so must be asked for by name.
 */
export const DEFAULT_TOKEN_SCOPES = [
  'events:read',
  'events:write',
  'attendees:read',
  'attendees:write',
  'users:write',
  'webhooks:manage',
] as const;

/** How long a new API token lives; the dashboard recommends 90 days and warns against never. */
export const TOKEN_EXPIRIES = ['7d', '30d', '90d', '1y', 'never'] as const;
export type TokenExpiry = (typeof TOKEN_EXPIRIES)[number];

export const STAFF_ROLES = ['owner', 'staff'] as const;
/** owner: everything; staff: the attendee desk and check-in only. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The changes a webhook endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'attendee.registered',
  'attendee.approved',
  'attendee.checked_in',
  'attendee.check_in_undone',
  'attendee.canceled',
  'attendee.no_show',
  'event.created',
  'event.updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test ping: sent on request to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_TYPE = 'webhook.test';
export const WEBHOOK_MESSAGE_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_TYPE] as const;
export type WebhookMessageType = (typeof WEBHOOK_MESSAGE_TYPES)[number];

/** Why an endpoint is off: switched off by the organization, or it answered 410 Gone. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'gone'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * What a registration's check-in QR code holds: this prefix and the attendee's check-in code (`ARV1:Ab3...`). A
 * prefix rather than a URL: no address goes stale or points at `localhost`, and a scanner tells it from a profile
 * QR code (a `/p/{code}` URL) at a glance. The `1` leaves room for another format later.
 */
export const CHECKIN_QR_PREFIX = 'ARV1:';
