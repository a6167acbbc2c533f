import fs from 'node:fs';
import { PNG } from 'pngjs';
import { FEED } from './fake-camera.ts';

const WHITE = 255;
const NEUTRAL_CHROMA = 128;
/** How wide the picture is in the feed: a phone held up to the kiosk's camera, its code filling a good part of it. */
const SHOWN_WIDTH = 320;

/** The picture's grey levels (a screenshot is RGBA; the camera's luma is what a decoder reads). */
function greys(png: PNG): Uint8Array {
  const out = new Uint8Array(png.width * png.height);
  for (let i = 0; i < out.length; i++) {
    const [r, g, b, a] = [png.data[i * 4]!, png.data[i * 4 + 1]!, png.data[i * 4 + 2]!, png.data[i * 4 + 3]!];
    const grey = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    // Transparent parts are what is behind the picture: white paper.
    out[i] = Math.round((grey * a + WHITE * (255 - a)) / 255);
  }
  return out;
}

/** One frame's luma plane: the picture scaled to SHOWN_WIDTH (nearest pixel), in the middle moved by dx, dy. */
function lumaPlane(png: PNG, grey: Uint8Array, dx: number, dy: number): Buffer {
  const { width, height } = FEED;
  const plane = Buffer.alloc(width * height, WHITE);
  const scale = SHOWN_WIDTH / png.width;
  const shownHeight = Math.round(png.height * scale);
  const left = Math.floor((width - SHOWN_WIDTH) / 2) + dx;
  const top = Math.floor((height - shownHeight) / 2) + dy;
  for (let y = 0; y < shownHeight; y++) {
    const sourceRow = Math.min(png.height - 1, Math.floor(y / scale)) * png.width;
    for (let x = 0; x < SHOWN_WIDTH; x++) {
      const [px, py] = [left + x, top + y];
      if (px < 0 || py < 0 || px >= width || py >= height) continue;
      plane[py * width + px] = grey[sourceRow + Math.min(png.width - 1, Math.floor(x / scale))]!;
    }
  }
  return plane;
}

/**
 * A y4m feed for Chromium's fake camera (4:2:0, see fake-camera.ts) showing `picture`, a PNG (a screenshot of what a
 * phone's screen shows), held up by hand: a few pixels off from frame to frame, as a real camera sees a phone.
 */
export function writeCameraFeedOfPicture(file: string, picture: Buffer, frames: number = FEED.fps): void {
  const png = PNG.sync.read(picture);
  const grey = greys(png);
  const { width, height, fps } = FEED;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, NEUTRAL_CHROMA);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < frames; i++) {
    const dx = ((i * 7) % 13) - 6;
    const dy = ((i * 5) % 11) - 5;
    parts.push(Buffer.from('FRAME\n'), lumaPlane(png, grey, dx, dy), chroma);
  }
  fs.writeFileSync(file, Buffer.concat(parts));
}
