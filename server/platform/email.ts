import { z } from 'zod';

/** The one email rule, used by the fixed schemas and by event-defined email fields alike. */
export const emailFormat = z.email({ pattern: z.regexes.email });

/**
 * The same rule tested without zod's parse machinery, for the paths that run it on every request, where
 * `safeParse` was a check request's largest single piece of validation.
 */
export function matchesEmailFormat(value: string): boolean {
  return z.regexes.email.test(value);
}

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && matchesEmailFormat(value);
}

/** Emails compare case-insensitively: this is the form stored beside each email and compared. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
