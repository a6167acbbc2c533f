/** The records the repositories return and the domain rules reason about. */
import type { WebhookEventType, WebhookMessageType } from './webhooks.ts';

export const CHECKIN_PERIOD_TYPES = ['disabled', 'immediate', 'starts_on', 'date_range'] as const;
export type CheckinPeriodType = (typeof CHECKIN_PERIOD_TYPES)[number];

export const FIELD_TYPES = ['text', 'email', 'phone', 'date', 'textarea', 'select'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const ATTENDEE_STATUSES = ['pending', 'confirmed', 'canceled', 'no_show'] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];

export interface SelectOption {
  value: string;
  label: string;
}

export interface RegistrationField {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** Present on select fields only. */
  options?: SelectOption[];
}

export interface Organization {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  createdAt: string;
}

/** The settings of an event that staff choose; everything else on `EventRecord` the system keeps. */
export interface EventSettings {
  name: string;
  description: string;
  startsAt: string | null;
  endsAt: string | null;
  location: string | null;
  timezone: string;
  seats: number | null;
  requiresApproval: boolean;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  isPublished: boolean;
  checkinPeriodType: CheckinPeriodType;
  checkinStartsAt: string | null;
  checkinEndsAt: string | null;
  allowSelfCheckin: boolean;
  redirectUrl: string | null;
  registrationFields: RegistrationField[];
}

export interface EventRecord extends EventSettings {
  id: number;
  uuid: string;
  organizationId: number;
  /** Non-cancelled attendees. */
  attendeesCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface AttendeeRecord {
  id: number;
  uuid: string;
  eventId: number;
  userId: number | null;
  email: string;
  name: string;
  answers: Record<string, string>;
  status: AttendeeStatus;
  registeredAt: string;
  checkedInAt: string | null;
}

/** What the authenticated lookup (and every attendee notification) shows of an attendee, besides its event. */
export type AttendeeSummary = Pick<
  AttendeeRecord,
  'uuid' | 'name' | 'email' | 'status' | 'registeredAt' | 'checkedInAt'
>;

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

export interface UserProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  birthday: string | null;
  address: Address | null;
  employment: Employment | null;
  profilePublic: boolean;
  publicFields: ProfileField[];
}

export interface UserRecord extends UserProfile {
  id: number;
  uuid: string;
  organizationId: number;
  profileCode: string;
  createdAt: string;
  updatedAt: string;
}

export const TOKEN_SCOPES = [
  'events:read',
  'events:write',
  'attendees:read',
  'attendees:write',
  'users:write',
  'webhooks:manage',
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export interface ApiTokenRecord {
  id: number;
  organizationId: number;
  name: string;
  tokenHash: string;
  scopes: TokenScope[];
  /** Event UUIDs the token is restricted to; null means every event of the organization. */
  eventIds: string[] | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

export const STAFF_ROLES = ['owner', 'staff'] as const;
/** owner: everything; staff: the attendee desk and check-in only. */
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface StaffAccount {
  id: number;
  uuid: string;
  organizationId: number;
  name: string;
  email: string;
  passwordHash: string;
  role: StaffRole;
  createdAt: string;
  updatedAt: string;
}

/** Why an endpoint is off: switched off by the organization, or it answered 410 Gone. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'gone'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export interface WebhookEndpointRecord {
  id: number;
  uuid: string;
  organizationId: number;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  secret: string;
  previousSecret: string | null;
  /** Unix ms. */
  previousSecretExpiresAt: number | null;
  createdAt: string;
  updatedAt: string;
}

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface WebhookAttemptRecord {
  number: number;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
  attemptedAt: string;
}

/** A message on its way to one endpoint, with its last attempt. */
export interface WebhookDeliveryRecord {
  id: number;
  endpointId: number;
  messageUid: string;
  type: WebhookMessageType;
  payload: string;
  status: DeliveryStatus;
  attemptCount: number;
  /** Unix ms; null once delivered or failed. */
  nextAttemptAt: number | null;
  lastStatusCode: number | null;
  createdAt: string;
  updatedAt: string;
  lastAttempt: WebhookAttemptRecord | null;
}
