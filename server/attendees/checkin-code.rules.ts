import { CHECKIN_QR_PREFIX } from '../contract/vocabulary.ts';
import { randomFromAlphabet } from '../platform/random.ts';

/**
 * Check-in codes, as issued since issue 39: 12 characters of Crockford's base 32 (digits and capitals without I, L,
 * O and U), so a person can read one off a ticket and type it: no look-alikes, no case, printed in groups of four
 * (`7KQ4-MZ2C-9TXB`), typed with or without the groups, in any case, I and L read as 1 and O as 0.
 *
 * Why 12 (60 bits): a guessed code must stay hopeless at the kiosk's scan limit (30 a minute per address; the desk's
 * scan needs a staff session). Against a million live codes on one hub, 10,000 addresses guessing at that limit for
 * a whole year (1.6e11 guesses) hit one about 0.14 times (1.6e11 × 1e6 / 2^60); a real attack (a thousand addresses,
 * a three-day event, 100,000 codes) about 1e-5 times. Ten characters (50 bits) would be 1,000 times easier: 140 hits
 * in that year. Codes drawn by replicas offline meet one another at the hub (`code_taken`) about once in 2.3 million
 * hubs of a million codes (n² / 2^61). A profile code has 12 characters too, but mixed-case base62: a bare code is
 * tried as a check-in code first (parseScannedCode), and a profile code equal to a check-in code's reading is as
 * likely as a guess.
 *
 * Codes issued before are 16 base62 characters (95 bits), case-sensitive, and stay so: mails already sent carry
 * them, and they are matched exactly as they were printed (`checkinCodeReadings`).
 */
export const CHECKIN_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CHECKIN_CODE_LENGTH = 12;
const GROUP = 4;

/** A new registration's check-in code, drawn with a CSPRNG by the node that registers it. */
export function drawCheckinCode(): string {
  return randomFromAlphabet(CHECKIN_CODE_ALPHABET, CHECKIN_CODE_LENGTH);
}

const CROCKFORD_CODE = new RegExp(`^[${CHECKIN_CODE_ALPHABET}]{${CHECKIN_CODE_LENGTH}}$`);

/**
 * What someone typed or scanned, as today's codes are stored: capitals, I and L read as 1, O as 0 (Crockford's
 * decoding). Null when it is not a code of today's shape (an older code, or no code at all).
 */
export function crockfordReading(code: string): string | null {
  const read = code.toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
  return CROCKFORD_CODE.test(read) ? read : null;
}

/**
 * The stored codes a scanned or typed code may be, in the order to try them: the code as it came (any code ever
 * issued, the older ones case-sensitive), then its Crockford reading when that differs.
 */
export function checkinCodeReadings(code: string): string[] {
  const read = crockfordReading(code);
  return read === null || read === code ? [code] : [code, read];
}

/**
 * A code as it is printed for people to read: today's in groups of four (`7KQ4-MZ2C-9TXB`); an older one as it
 * was issued. The renderer's copy is `shared/checkin-code.ts` `groupedCheckinCode`.
 */
export function groupedCheckinCode(code: string): string {
  if (!CROCKFORD_CODE.test(code)) return code;
  return code.match(new RegExp(`.{1,${GROUP}}`, 'g'))!.join('-');
}

const CODE = /^[A-Za-z0-9]{1,64}$/;
const PROFILE_PATH = /\/p\/([A-Za-z0-9]{1,64})\/?$/;
const SEPARATORS = /[\s-]+/g;

/**
 * The code in what was typed or scanned: as it is, or without the spaces and hyphens of a code printed in groups,
 * when what is left has the length of today's codes (so "two words" stays no code, and "7kq4 mz2c 9txb" is one).
 */
function codeIn(text: string): string | null {
  if (CODE.test(text)) return text;
  const joined = text.replace(SEPARATORS, '');
  return joined.length === CHECKIN_CODE_LENGTH && CODE.test(joined) ? joined : null;
}

/**
 * What a scanner read, as the code it carries: a registration's check-in code (`ARV1:<code>`), a profile code (a
 * `/p/<code>` URL, what a profile QR code holds), or a bare code typed or scanned without either, which may be
 * either kind. Null for anything else.
 */
export type ScannedCode = { kind: 'checkin' | 'profile' | 'either'; code: string };

export function parseScannedCode(text: string): ScannedCode | null {
  const scanned = text.trim();
  // Case-insensitive: some scanners in some keyboard layouts send the letters of a prefix in the wrong case.
  if (scanned.slice(0, CHECKIN_QR_PREFIX.length).toUpperCase() === CHECKIN_QR_PREFIX) {
    const code = codeIn(scanned.slice(CHECKIN_QR_PREFIX.length));
    return code === null ? null : { kind: 'checkin', code };
  }
  const bare = codeIn(scanned);
  if (bare !== null) return { kind: 'either', code: bare };
  let url: URL;
  try {
    url = new URL(scanned);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const match = PROFILE_PATH.exec(url.pathname);
  return match ? { kind: 'profile', code: match[1]! } : null;
}
