/** The records the repositories return and the domain rules reason about. */
import type {
  Address,
  AttendeeStatus,
  CheckinPeriodType,
  DeliveryStatus,
  Employment,
  ProfileField,
  RegistrationField,
  StaffRole,
  TokenScope,
  WebhookDisabledReason,
  WebhookEventType,
  WebhookMessageType,
} from '../contract/vocabulary.ts';

// The enum vocabulary lives in the contract the renderer shares; the server reads it from here as before.
export {
  ATTENDEE_STATUSES,
  CHECKIN_PERIOD_TYPES,
  DELIVERY_STATUSES,
  FIELD_TYPES,
  PROFILE_FIELDS,
  STAFF_ROLES,
  TOKEN_SCOPES,
  WEBHOOK_DISABLED_REASONS,
} from '../contract/vocabulary.ts';
export type {
  Address,
  AttendeeStatus,
  CheckinPeriodType,
  DeliveryStatus,
  Employment,
  FieldType,
  ProfileField,
  RegistrationField,
  SelectOption,
  StaffRole,
  TokenScope,
  WebhookDisabledReason,
} from '../contract/vocabulary.ts';

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
