import { z } from 'zod';

/** The longest address SMTP carries (RFC 5321's 256-octet path, less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The one email rule, for every endpoint that takes an email (register, check, check-in, cancel, people, staff)
 * and for event-defined email fields alike: at most 254 characters, in zod's email pattern. Tested without zod's
 * parse machinery, since the public endpoints run it on every request.
 */
export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && z.regexes.email.test(value);
}

/** Emails compare case-insensitively: this is the form stored beside each email and compared. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
