import { z } from 'zod';
import { TOKEN_EXPIRIES } from './api-token.rules.ts';
import { STAFF_ROLES, TOKEN_SCOPES } from '../contract/vocabulary.ts';
import { MIN_PASSWORD_LENGTH } from './passwords.ts';
import { emailInput, singleLine, timestamp } from '../platform/schemas.ts';
import { isValidTimeZone } from '../platform/time.ts';

const password = z.string().min(MIN_PASSWORD_LENGTH).max(1024);
const personName = singleLine(z.string().trim().min(1).max(255));

export const setupBody = z.object({
  organization_name: singleLine(z.string().trim().min(1).max(255)),
  name: personName,
  email: emailInput,
  password,
  load_demo: z.boolean().default(false),
  timezone: z
    .string()
    .trim()
    .refine(isValidTimeZone, { message: 'The :attribute field must be a valid IANA time zone.' })
    .optional()
    .meta({
      description:
        "The organizer's time zone (their browser's), for the demo event; the server's own when absent",
      example: 'Europe/Paris',
    }),
  setup_code: z.string().max(64).optional().meta({
    description:
      'The one-time code printed where the server was started; needed unless the request comes from the machine itself',
    example: '1234-5678-9012',
  }),
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
  name: singleLine(z.string().trim().min(1).max(255)),
  expires: z.enum(TOKEN_EXPIRIES),
  scopes: z.array(z.enum(TOKEN_SCOPES)).max(TOKEN_SCOPES.length).optional(),
  event_ids: z.array(z.string().max(64)).max(1000).optional(),
});
