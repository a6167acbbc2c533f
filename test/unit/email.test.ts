import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_INPUT_PATTERN, EMAIL_MAX_LENGTH, isValidEmail } from '../../server/platform/email.ts';
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

  it('is stated in the document as a pattern that takes exactly what the schemas take, white space and all', () => {
    // As JSON Schema validators run a pattern: an ECMAScript regular expression with the u flag, unanchored.
    const pattern = new RegExp(EMAIL_INPUT_PATTERN, 'u');
    const padded = SAMPLES.flatMap((s) => [s, `  ${s} `, `\t${s}\n`, `\u00a0${s}\ufeff`, `${s} x`]);
    for (const sample of [...padded, email(254), ` ${email(254)} `, email(255), '', '   ']) {
      expect(pattern.test(sample), JSON.stringify(sample)).toBe(emailInput.safeParse(sample).success);
    }
    expect(new Set(padded.map((s) => pattern.test(s)))).toEqual(new Set([true, false]));
    const emailish = fc.string({
      unit: fc.constantFrom('a', 'Z', '0', '.', '@', '-', '_', "'", '+', ' ', '\t', '\n', 'é', '!', 'co'),
      maxLength: 24,
    });
    fc.assert(
      fc.property(emailish, emailish, (local, domain) => {
        const text = `${local}@${domain}`;
        return pattern.test(text) === emailInput.safeParse(text).success;
      }),
      { numRuns: 5_000 },
    );
  });
});
