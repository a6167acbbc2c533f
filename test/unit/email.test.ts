import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../../server/platform/email.ts';
import { emailInput } from '../../server/platform/schemas.ts';
import { validateRegistration } from '../../server/attendees/registration.rules.ts';

const SAMPLES = [
  'ada@example.com',
  'Ada.Lovelace+kiosk@Example.CO.UK',
  "o'brien@example.ie",
  'a@b.co',
  'a@b.c',
  'a@@example.com',
  '.ada@example.com',
  'ada.@example.com',
  'ada@-example.com',
  'ada@example',
  'ada example@example.com',
  'ada@example.com\n',
  'ada@exa\u0000mple.com',
  'ädä@example.com',
  '@',
];

/** A well-formed address of exactly `length` characters. */
const email = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

const emailField = [{ key: 'email', label: 'Email', type: 'email' as const, required: true }];

describe('the one email rule', () => {
  it("is zod's email pattern", () => {
    const zodEmail = z.email({ pattern: z.regexes.email });
    for (const sample of SAMPLES)
      expect(isValidEmail(sample), sample).toBe(zodEmail.safeParse(sample).success);
    // Both answers occur, so the agreement above is not all-true or all-false.
    expect(new Set(SAMPLES.map(isValidEmail))).toEqual(new Set([true, false]));
  });

  it('takes 254 characters and no more, in the fixed schemas and in event email fields alike', () => {
    expect(EMAIL_MAX_LENGTH).toBe(254);
    for (const [length, valid] of [
      [254, true],
      [255, false],
    ] as const) {
      expect(isValidEmail(email(length))).toBe(valid);
      expect(emailInput.safeParse(email(length)).success).toBe(valid);
      expect(validateRegistration(emailField, { email: email(length) }).ok).toBe(valid);
    }
  });

  it('agrees between the fixed schemas (trimmed) and event email fields on every sample', () => {
    for (const sample of SAMPLES) {
      expect(emailInput.safeParse(` ${sample} `).success, sample).toBe(
        validateRegistration(emailField, { email: ` ${sample} ` }).ok,
      );
    }
  });
});
