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

/**
 * The one email rule as a JSON Schema pattern over the text before it is trimmed: any white space around (what
 * `String.prototype.trim` removes is exactly what `\s` matches), then an address in zod's email pattern of at most
 * `EMAIL_MAX_LENGTH` characters (the lookahead: the address holds no white space, so `\S{1,254}` is all of it).
 */
export const EMAIL_INPUT_PATTERN = `^\\s*(?=\\S{1,${EMAIL_MAX_LENGTH}}\\s*$)(?:${z.regexes.email.source.replace(/^\^|\$$/g, '')})\\s*$`;

/** Emails compare case-insensitively: this is the form stored beside each email and compared. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
