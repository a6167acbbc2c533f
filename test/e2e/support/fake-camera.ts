import fs from 'node:fs';
import QRCode from 'qrcode';

export const FEED = { width: 640, height: 480, fps: 15 } as const;

const WHITE = 255;
const BLACK = 0;
const NEUTRAL_CHROMA = 128;

/** What one frame of the feed shows: a QR code of `text`, or an empty white scene. */
export type Frame = { qr: string } | 'blank';

/** The luma plane of a frame: a QR code of `text` drawn 320 px wide (quiet zone included) in the middle. */
function lumaPlane(frame: Frame): Buffer {
  const { width, height } = FEED;
  const plane = Buffer.alloc(width * height, WHITE);
  if (frame === 'blank') return plane;
  const { modules } = QRCode.create(frame.qr, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor(320 / (modules.size + 2 * quiet));
  const side = scale * modules.size;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
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
    const key = frame === 'blank' ? 'blank' : `qr:${frame.qr}`;
    let luma = planes.get(key);
    if (!luma) planes.set(key, (luma = lumaPlane(frame)));
    parts.push(frameHeader, luma, chroma);
  }
  fs.writeFileSync(file, Buffer.concat(parts));
}
