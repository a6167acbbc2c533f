import { z } from 'zod';
import { isCalendarDateString } from '../platform/time.ts';
import { PROFILE_FIELDS } from '../contract/vocabulary.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { ATTRIBUTE, emailInput, singleLine } from '../platform/schemas.ts';

export const profileCodeParams = z.object({
  code: z.string().max(64).meta({ description: 'Profile code: alphanumeric, case-sensitive' }),
});

/** A person's details are each one line: a name, a phone number, a line of an address. */
const text = (max: number) => singleLine(z.string().trim().max(max));
/** An optional text: empty strings and null clear it. */
/** `.optional()` outermost: zod runs a transform on a missing key too, and a PATCH must leave absent keys alone. */
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .transform((v) => v || null)
    .optional();

const addressInput = z.object({
  street: optionalText(255),
  city: optionalText(255),
  state: optionalText(255),
  postal_code: optionalText(20),
  country: optionalText(255),
});

const employmentInput = z.object({ job_title: optionalText(255), company: optionalText(255) });

const birthday = z
  .string()
  .trim()
  .refine((v) => v === '' || isCalendarDateString(v), { message: fieldMessage.date(ATTRIBUTE) });

const userFields = {
  email: emailInput,
  first_name: optionalText(255),
  last_name: optionalText(255),
  phone: optionalText(20),
  birthday: birthday
    .nullable()
    .transform((v) => v || null)
    .optional(),
  address: addressInput.nullable().optional(),
  employment: employmentInput.nullable().optional(),
  profile_public: z.boolean().optional(),
  public_fields: z.array(z.enum(PROFILE_FIELDS)).max(PROFILE_FIELDS.length).optional(),
};

export const createUserBody = z.object(userFields).meta({ id: 'CreateUser' });
export const updateUserBody = z
  .object({ ...userFields, email: emailInput.optional() })
  .meta({ id: 'UpdateUser' });

export type UserInput = z.output<typeof updateUserBody>;

const nullableText = z.string().nullable();

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: nullableText,
    last_name: nullableText,
    phone: nullableText,
    birthday: nullableText,
    address: z
      .object({
        street: nullableText.optional(),
        city: nullableText.optional(),
        state: nullableText.optional(),
        postal_code: nullableText.optional(),
        country: nullableText.optional(),
      })
      .nullable(),
    employment: z.object({ job_title: nullableText.optional(), company: nullableText.optional() }).nullable(),
    profile_public: z.boolean(),
    public_fields: z.array(z.enum(PROFILE_FIELDS)),
    profile_code: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'User' });

const profileText = z.string().optional();

export const publicProfileSchema = z
  .object({
    first_name: profileText,
    last_name: profileText,
    email: profileText,
    phone: profileText,
    birthday: profileText,
    address: z
      .object({
        street: profileText,
        city: profileText,
        state: profileText,
        postal_code: profileText,
        country: profileText,
      })
      .optional(),
    employment: z.object({ job_title: profileText, company: profileText }).optional(),
  })
  .meta({ id: 'PublicProfile' });
