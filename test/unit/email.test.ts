import { describe, expect, it } from 'vitest';
import { emailFormat, isValidEmail, matchesEmailFormat } from '../../server/platform/email.ts';
import { emailInput, fitsEmailInput } from '../../server/platform/schemas.ts';

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
  '',
  '@',
];

/** A well-formed address of exactly `length` characters. */
const email = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('the email rule', () => {
  it('tested directly agrees with the zod schema the fixed bodies use', () => {
    for (const sample of SAMPLES) {
      expect(matchesEmailFormat(sample), sample).toBe(emailFormat.safeParse(sample).success);
    }
    // Both answers occur, so the agreement above is not all-true or all-false.
    expect(new Set(SAMPLES.map(matchesEmailFormat))).toEqual(new Set([true, false]));
  });

  it('takes 254 characters in event email fields and 255 in the fixed schemas', () => {
    expect(isValidEmail(email(254))).toBe(true);
    expect(isValidEmail(email(255))).toBe(false);
    expect(emailInput.safeParse(email(255)).success).toBe(true);
    expect(emailInput.safeParse(email(256)).success).toBe(false);
  });

  it('without zod (the check endpoint) agrees with the fixed schemas on trimmed, non-empty input', () => {
    for (const sample of [...SAMPLES.filter((s) => s !== '' && s === s.trim()), email(255), email(256)]) {
      expect(fitsEmailInput(sample), sample).toBe(emailInput.safeParse(sample).success);
    }
    expect(fitsEmailInput(email(255))).toBe(true);
    expect(fitsEmailInput(email(256))).toBe(false);
  });
});
