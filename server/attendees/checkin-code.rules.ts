import { CHECKIN_QR_PREFIX } from '../contract/vocabulary.ts';

/**
 * Check-in codes: 16 random base62 characters (95 bits), case-sensitive, so that guessing any one of a million live
 * codes at the kiosk's scan limit stays hopeless even from thousands of addresses. Four more than a profile code
 * (12), so the two never look alike. Migration 007 gave existing registrations codes of the same length.
 */
export const CHECKIN_CODE_LENGTH = 16;

const CODE = /^[A-Za-z0-9]{1,64}$/;
const PROFILE_PATH = /\/p\/([A-Za-z0-9]{1,64})\/?$/;

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
    const code = scanned.slice(CHECKIN_QR_PREFIX.length);
    return CODE.test(code) ? { kind: 'checkin', code } : null;
  }
  if (CODE.test(scanned)) return { kind: 'either', code: scanned };
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
