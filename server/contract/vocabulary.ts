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
  /** The label in French, where the event's editor gave one (the kiosk's event and the event page show it). */
  label_fr?: string;
}

/**
 * One question of an event's registration form, as stored and as the events API and the kiosk's event show it. The
 * interface's public event shows it without `label_fr` (its exact shape).
 */
export interface RegistrationField {
  key: string;
  label: string;
  /** The label in French, where the event's editor gave one; French screens and mails fall back to `label`. */
  label_fr?: string;
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
  // Name, email or answers edited (issue 39): the desk, the token API, or the person on their ticket page.
  'attendee.updated',
  'attendee.approved',
  'attendee.checked_in',
  'attendee.check_in_undone',
  'attendee.canceled',
  'attendee.no_show',
  // A scan on a check-in list that counts (server/lists/): an entry, or an exit (scanned, or automatic check-out).
  'attendee.entered',
  'attendee.exited',
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

/**
 * How an event's name badges are laid out: `classic` (logo, name, company, ticket type, QR code below), `side_qr`
 * (the QR code beside the name, for wide labels), `name_only` (large name and company, no QR code).
 */
export const BADGE_LAYOUTS = ['classic', 'side_qr', 'name_only'] as const;
export type BadgeLayout = (typeof BADGE_LAYOUTS)[number];

/** The languages people register, read their mail and see their ticket in. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Where a registration came in: `public` (the event page and the public API), `kiosk` (a kiosk's own
 * registration), `desk` (a walk-in added by staff), `import` (a spreadsheet). Mail follows the organization's choice
 * for `kiosk` and `import` (server/mail/mail.rules.ts).
 */
export const REGISTRATION_DOORS = ['public', 'kiosk', 'desk', 'import'] as const;
export type RegistrationDoor = (typeof REGISTRATION_DOORS)[number];

/** How the SMTP connection is protected: TLS from the start (port 465), STARTTLS required, or none (a LAN relay). */
export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/**
 * The likely fix a failed test email names (server/mail/mail.rules.ts, `testMailHint`): `no_starttls` the server
 * has no STARTTLS (try 465 with TLS, or none); `use_starttls` TLS was tried on a port that starts in plain text;
 * `use_tls` no greeting came, as from a port that starts with TLS; `credentials` the user name or password was
 * refused; `sign_in` the server wants a sign-in; `sender` the from address was refused; `certificate` the server's
 * certificate is not trusted; `port_closed` nothing listens at that port; `host_not_found` no such host name;
 * `unreachable` nothing answered. (What answers but is no mail server says so itself.)
 */
export const TEST_MAIL_HINTS = [
  'no_starttls',
  'use_starttls',
  'use_tls',
  'credentials',
  'sign_in',
  'sender',
  'certificate',
  'port_closed',
  'host_not_found',
  'unreachable',
] as const;
export type TestMailHint = (typeof TEST_MAIL_HINTS)[number];

/** The mails a registration gets: its ticket, "received, awaiting approval", and its cancellation. */
export const MAIL_KINDS = ['confirmation', 'pending', 'cancellation'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * A mail's state: `queued` (waiting, or being sent; `error` says why it waits), `sent` (the SMTP server took it),
 * `failed` (refused for good, or every retry spent; `error` is the server's reason), `skipped` (no longer wanted when
 * its turn came: the registration was cancelled, approved or removed meanwhile), `suppressed` (over the cap of mails
 * its address may get about the event; `error` says which: never sent, nor queued for later).
 */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'skipped', 'suppressed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * How often a check-in list admits one person (server/lists/entry.rules.ts): `once` (one admission stands),
 * `once_per_day` (one a calendar day in the event's zone) or `every_time` (no limit).
 */
export const ENTRY_RULES = ['once', 'once_per_day', 'every_time'] as const;
export type EntryRule = (typeof ENTRY_RULES)[number];

/** Which way a scan on a check-in list goes through its door. */
export const SCAN_DIRECTIONS = ['entry', 'exit'] as const;
export type ScanDirection = (typeof SCAN_DIRECTIONS)[number];

/**
 * How a recorded scan was made: at a kiosk (its scanner or camera), by the person themselves (the kiosk's check-in by
 * email or name, the public check-in), at the staff desk, over the token API, or by the list's automatic check-out.
 */
export const SCAN_VIAS = ['kiosk', 'self', 'desk', 'api', 'auto'] as const;
export type ScanVia = (typeof SCAN_VIAS)[number];

/**
 * What a scan on a check-in list was answered (the contract's reason codes, server/lists/list.rules.ts): the
 * three that record something, then the refusals.
 */
export const SCAN_RESULTS = [
  'admitted',
  'reentered',
  'exit_recorded',
  'unknown_code',
  'canceled',
  'pending',
  'not_on_list',
  'not_now',
  'already_entered',
  'full',
] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];
/** The answers of a scan that was recorded. */
export type RecordedScanResult = Extract<ScanResult, 'admitted' | 'reentered' | 'exit_recorded'>;

/**
 * Where a person's mail stands, as the desk filters and counts people: their newest mail that was not skipped (the
 * one the desk's mail column shows) is `sent`, `queued` (waiting or retried), `failed` (every retry spent, or the
 * message refused), `bounced` (the server refused their address for good, a 5xx to the recipient: Send tickets
 * leaves them out until their email changes) or `suppressed` (over the per-address cap); `none`: never mailed.
 */
export const MAIL_STATES = ['sent', 'queued', 'failed', 'bounced', 'suppressed', 'none'] as const;
export type MailState = (typeof MAIL_STATES)[number];
