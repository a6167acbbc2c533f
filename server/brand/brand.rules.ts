import { createHash } from 'node:crypto';

/** The image types a logo may be. SVG is refused: it can carry script, and a bitmap is all a badge needs. */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** A logo's largest size: enough for a sharp logo on a badge and a kiosk screen, small enough to sync. */
export const MAX_LOGO_BYTES = 256 * 1024;

/**
 * A logo's most pixels: every kiosk and badge decodes it, and a small file can hold an enormous image (15000 x 15000
 * compresses to 219 KB and decodes to 900 MB). 16 megapixels (4000 x 4000, or a 16000 x 1000 banner) is more than
 * any badge or screen shows, and decodes to 64 MiB at most.
 */
export const MAX_LOGO_PIXELS = 16_000_000;

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

export interface ImageSize {
  width: number;
  height: number;
}

/** PNG's header chunk, first after the signature: width and height as 32-bit big-endian numbers. */
function pngSize(bytes: Uint8Array): ImageSize | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < 24 || view.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

/**
 * Start-of-frame markers: every JPEG coding (baseline, extended, progressive, lossless, arithmetic) but C4 (Huffman
 * tables), C8 (reserved) and CC (arithmetic conditioning), which share the range.
 */
const isFrameMarker = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * A JPEG's size from its frame header, walking the segments from the start: each names its own length, so a
 * thumbnail inside EXIF (APP1) is skipped whole. A scan or the end before any frame header, a broken marker or a
 * file cut short is null: its size cannot be read.
 */
function jpegSize(bytes: Uint8Array): ImageSize | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= view.length) {
    if (view[at] !== 0xff) return null;
    const marker = view[at + 1]!;
    // A marker may be preceded by any number of fill bytes (FF).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    at += 2;
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) return null;
    const length = view.readUInt16BE(at);
    if (length < 2) return null;
    if (isFrameMarker(marker)) {
      if (at + 7 > view.length) return null;
      return { height: view.readUInt16BE(at + 3), width: view.readUInt16BE(at + 5) };
    }
    at += length;
  }
  return null;
}

/** An image's size, read from its header alone (nothing is decoded); null when it cannot be read. */
export function imageSize(bytes: Uint8Array, type: LogoType): ImageSize | null {
  const size = type === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/** The logo's entity tag: a hash of its bytes, so the same logo uploaded again keeps browsers' copies. */
export function logoEtag(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
}

export type LogoDecision =
  | { ok: true; type: LogoType; etag: string }
  | { ok: false; reason: 'logo_too_big' | 'logo_not_an_image' }
  | { ok: false; reason: 'logo_too_many_pixels'; size: ImageSize };

/**
 * Whether these bytes may be an event's logo: small enough, a PNG or JPEG by its bytes, with a size its header
 * tells (else it is no image a kiosk could show), of at most `MAX_LOGO_PIXELS`. Nothing here decodes the image.
 */
export function decideLogo(bytes: Uint8Array): LogoDecision {
  if (bytes.length > MAX_LOGO_BYTES) return { ok: false, reason: 'logo_too_big' };
  const type = sniffLogoType(bytes);
  if (!type) return { ok: false, reason: 'logo_not_an_image' };
  const size = imageSize(bytes, type);
  if (!size) return { ok: false, reason: 'logo_not_an_image' };
  if (size.width * size.height > MAX_LOGO_PIXELS) return { ok: false, reason: 'logo_too_many_pixels', size };
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
