import { z } from 'zod';
import { TOKEN_EXPIRIES } from './api-token.rules.ts';
import {
  ATTENDEE_STATUSES,
  STAFF_ROLES,
  TOKEN_SCOPES,
  type AttendeeRecord,
  type StaffAccount,
} from '../platform/types.ts';
import { MIN_PASSWORD_LENGTH } from './passwords.ts';
import { emailInput, timestamp } from '../platform/schemas.ts';

const password = z.string().min(MIN_PASSWORD_LENGTH).max(1024);
const personName = z.string().trim().min(1).max(255);

export const setupBody = z.object({
  organization_name: z.string().trim().min(1).max(255),
  name: personName,
  email: emailInput,
  password,
  load_demo: z.boolean().default(false),
});

export const signInBody = z.object({ email: emailInput, password: z.string().min(1).max(1024) });

export const staffSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    created_at: timestamp,
  })
  .meta({ id: 'StaffAccount' });

export const presentStaff = (staff: StaffAccount): z.input<typeof staffSchema> => ({
  id: staff.uuid,
  name: staff.name,
  email: staff.email,
  role: staff.role,
  created_at: staff.createdAt,
});

export const sessionSchema = z.object({
  data: z.object({
    staff: staffSchema,
    organization: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  }),
});

export const createStaffBody = z.object({
  name: personName,
  email: emailInput,
  password,
  role: z.enum(STAFF_ROLES),
});
export const updateStaffBody = z.object({
  name: personName.optional(),
  role: z.enum(STAFF_ROLES).optional(),
  password: password.optional(),
});

export const deskAttendeeSchema = z
  .object({
    id: z.string(),
    number: z.number().int(),
    name: z.string(),
    email: z.string(),
    status: z.enum(ATTENDEE_STATUSES),
    registered_at: timestamp,
    checked_in_at: timestamp.nullable(),
    answers: z.record(z.string(), z.string()),
  })
  .meta({ id: 'DeskAttendee' });

export const presentDeskAttendee = (a: AttendeeRecord): z.input<typeof deskAttendeeSchema> => ({
  id: a.uuid,
  number: a.id,
  name: a.name,
  email: a.email,
  status: a.status,
  registered_at: a.registeredAt,
  checked_in_at: a.checkedInAt,
  answers: a.answers,
});

export const deskListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  status: z.enum(ATTENDEE_STATUSES).optional(),
  checked_in: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

export const deskListResponse = z.object({
  data: z.array(deskAttendeeSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});

const statusCounts = z.object({
  pending: z.number().int(),
  confirmed: z.number().int(),
  canceled: z.number().int(),
  no_show: z.number().int(),
  checked_in: z.number().int(),
  total: z.number().int(),
});

export const liveStatsSchema = z
  .object({
    counts: statusCounts,
    arrivals_last_15_min: z.number().int(),
    still_expected: z.number().int(),
    checkins_per_5_min: z.array(z.object({ start: timestamp, count: z.number().int() })),
  })
  .meta({ id: 'LiveStats' });

export const bulkNoShowPreview = z.object({ data: z.object({ count: z.number().int() }) });
export const bulkNoShowConfirm = z.object({ expected_count: z.number().int().min(0) });

/** The largest CSV import: a big venue's guest list in one go. */
export const MAX_IMPORT_ROWS = 10_000;

export const importBody = z.object({
  rows: z.array(z.record(z.string(), z.unknown())).min(1).max(MAX_IMPORT_ROWS),
});

export const importRefusal = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  rows: z
    .array(z.object({ row: z.number().int(), errors: z.record(z.string(), z.array(z.string())) }))
    .optional(),
});

export const tokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(z.enum(TOKEN_SCOPES)),
    event_ids: z.array(z.string()).nullable(),
    created_at: timestamp,
    last_used_at: timestamp.nullable(),
    expires_at: timestamp.nullable(),
  })
  .meta({ id: 'ApiToken' });

export const createTokenBody = z.object({
  name: z.string().trim().min(1).max(255),
  expires: z.enum(TOKEN_EXPIRIES),
  scopes: z.array(z.enum(TOKEN_SCOPES)).max(TOKEN_SCOPES.length).optional(),
  event_ids: z.array(z.string().max(64)).max(1000).optional(),
});
