import fs from 'node:fs';
import QRCode from 'qrcode';

export const FEED = { width: 640, height: 480, fps: 15 } as const;

const WHITE = 255;
const BLACK = 0;
const NEUTRAL_CHROMA = 128;

/**
 * What one frame of the feed shows: an empty white scene, or a QR code of `qr` about 320 px wide (quiet zone
 * included), in the middle or moved by `dx`/`dy` pixels, with modules of `module` pixels (8 unless given), and
 * for a benchmark to tell codes apart, `marker`: a black block along the top edge, far from the scan box, at the
 * `marker`th of `MARKERS` places (`markerAt`).
 */
export type Frame = 'blank' | { qr: string; dx?: number; dy?: number; module?: number; marker?: number };

/** How many markers fit along the top edge. */
export const MARKERS = 20;
const MARKER_HEIGHT = 24;

/** Where the `index`th marker is: its left edge and width in pixels, on the top `MARKER_HEIGHT` rows. */
export const markerAt = (index: number) => ({ left: 8 + index * 31, width: 24, height: MARKER_HEIGHT });

/**
 * A code held up by hand: it never sits still to the pixel. A perfectly still synthetic code is not how a camera
 * sees one, and the decoder (ZXing) misses about one in ten of those on every frame alike, where a real camera's
 * next frame differs and is read.
 */
export function heldUpCode(qr: string, frames: number = FEED.fps): Frame[] {
  return Array.from({ length: frames }, (_, i) => ({
    qr,
    dx: ((i * 7) % 13) - 6,
    dy: ((i * 5) % 11) - 5,
    module: i % 3 === 2 ? 9 : 8,
  }));
}

/**
 * A queue at the camera: each code held up by hand for `seconds`, one after the other, then `gapSeconds` of an empty
 * scene before the feed loops (Chromium plays the file again and again).
 */
export function queueOfCodes(codes: readonly string[], seconds: number, gapSeconds = 0): Frame[] {
  const perCode = Math.round(seconds * FEED.fps);
  return [
    ...codes.flatMap((code) => heldUpCode(code, perCode)),
    ...Array<Frame>(Math.round(gapSeconds * FEED.fps)).fill('blank'),
  ];
}

/** The luma plane of a frame. */
function lumaPlane(frame: Frame): Buffer {
  const { width, height } = FEED;
  const plane = Buffer.alloc(width * height, WHITE);
  if (frame === 'blank') return plane;
  const { modules } = QRCode.create(frame.qr, { errorCorrectionLevel: 'M' });
  const scale = frame.module ?? 8;
  const side = scale * modules.size;
  const left = Math.floor((width - side) / 2) + (frame.dx ?? 0);
  const top = Math.floor((height - side) / 2) + (frame.dy ?? 0);
  if (frame.marker !== undefined) {
    const { left: markerLeft, width: markerWidth, height: markerHeight } = markerAt(frame.marker);
    for (let y = 0; y < markerHeight; y++) {
      plane.fill(BLACK, y * width + markerLeft, y * width + markerLeft + markerWidth);
    }
  }
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * width + left + column * scale;
        plane.fill(BLACK, start, start + scale);
      }
    }
  }
  return plane;
}

/**
 * Writes a YUV4MPEG2 file (4:2:0, as Chromium's fake camera requires) that Chromium plays as its camera, looping.
 * Drawn directly, so the tests need no ffmpeg.
 */
export function writeCameraFeed(file: string, frames: Frame[]): void {
  const { width, height, fps } = FEED;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, NEUTRAL_CHROMA);
  const frameHeader = Buffer.from('FRAME\n');
  const planes = new Map<string, Buffer>();
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (const frame of frames) {
    const key = JSON.stringify(frame);
    let luma = planes.get(key);
    if (!luma) planes.set(key, (luma = lumaPlane(frame)));
    parts.push(frameHeader, luma, chroma);
  }
  fs.writeFileSync(file, Buffer.concat(parts));
}
