import { createHash } from 'node:crypto';

/** The image types a logo may be. SVG is refused: it can carry script, and a bitmap is all a badge needs. */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** A logo's largest size: enough for a sharp logo on a badge and a kiosk screen, small enough to sync. */
export const MAX_LOGO_BYTES = 256 * 1024;

/** The least contrast white text on the accent colour must have: WCAG's AA for normal text. */
export const MIN_ACCENT_CONTRAST = 4.5;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What the bytes are, by their first bytes rather than by any name or type the uploader claims: a PNG's
 * signature, or a JPEG's start-of-image marker followed by another marker. Anything else (SVG, GIF, HTML) is null.
 */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  if (bytes.length >= 8 && Buffer.from(bytes.subarray(0, 8)).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The logo's entity tag: a hash of its bytes, so the same logo uploaded again keeps browsers' copies. */
export function logoEtag(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
}

export type LogoDecision =
  { ok: true; type: LogoType; etag: string } | { ok: false; reason: 'logo_too_big' | 'logo_not_an_image' };

/** Whether these bytes may be an event's logo. */
export function decideLogo(bytes: Uint8Array): LogoDecision {
  if (bytes.length > MAX_LOGO_BYTES) return { ok: false, reason: 'logo_too_big' };
  const type = sniffLogoType(bytes);
  if (!type) return { ok: false, reason: 'logo_not_an_image' };
  return { ok: true, type, etag: logoEtag(bytes) };
}

/** `#rrggbb`, either case. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** WCAG 2's relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of white text on this colour, from 1 (white) to 21 (black). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

export type AccentDecision =
  { ok: true; color: string } | { ok: false; reason: 'accent_too_light'; contrast: number };

/**
 * Whether a colour may be the accent: the kiosk's buttons carry white text on it, so a colour too light for that
 * is refused (not darkened: staff would not get the colour they typed and not know why). Stored lower case.
 */
export function decideAccent(hex: string): AccentDecision {
  const contrast = contrastWithWhite(hex);
  if (contrast < MIN_ACCENT_CONTRAST) return { ok: false, reason: 'accent_too_light', contrast };
  return { ok: true, color: hex.toLowerCase() };
}

/** Where a kiosk and the badges it prints read a published event's logo: on the kiosk's own origin. */
export const publicLogoPath = (eventUuid: string, etag: string) =>
  `/public/events/${eventUuid}/logo?v=${etag}`;
