import { z } from 'zod';

/** The one email rule, used by the fixed schemas and by event-defined email fields alike. */
export const emailFormat = z.email();

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && emailFormat.safeParse(value).success;
}

/** Emails compare case-insensitively: this is the form stored beside each email and compared. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
