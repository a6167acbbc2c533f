#!/usr/bin/env node
// Draws the placeholder app icon (a white check mark on a blue rounded square) as PNGs with nothing but Node:
// resources/icon.png (1024 px; electron-builder makes the .ico and .icns from it) and resources/icons/NxN.png
// for Linux. Run it again after changing the drawing: `node resources/make-icons.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Distance from point p to the segment a-b. */
function segmentDistance(px, py, ax, ay, bx, by) {
  const t = Math.max(
    0,
    Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
  );
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
}

/** Coverage (0..1) of the shape at a point in unit coordinates, with ~1px anti-aliasing. */
function pixel(x, y, size) {
  const aa = 1 / size;
  const r = 0.2; // corner radius of the square
  const dx = Math.max(Math.abs(x - 0.5) - (0.5 - r), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (0.5 - r), 0);
  const square = Math.min(1, Math.max(0, (r - Math.hypot(dx, dy)) / aa));
  const stroke = 0.07;
  const d = Math.min(
    segmentDistance(x, y, 0.27, 0.52, 0.43, 0.68),
    segmentDistance(x, y, 0.43, 0.68, 0.74, 0.34),
  );
  const check = Math.min(1, Math.max(0, (stroke - d) / aa));
  return { square, check };
}

function png(size) {
  const rows = [];
  for (let j = 0; j < size; j++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let i = 0; i < size; i++) {
      const { square, check } = pixel((i + 0.5) / size, (j + 0.5) / size, size);
      // Blue #0b6bcb under white.
      const [r, g, b] = [11, 107, 203].map((c) => Math.round(c * (1 - check) + 255 * check));
      row.set([r, g, b, Math.round(255 * square)], 1 + i * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.writeFileSync(path.join(here, 'icon.png'), png(1024));
fs.mkdirSync(path.join(here, 'icons'), { recursive: true });
for (const size of [16, 32, 48, 64, 128, 256, 512]) {
  fs.writeFileSync(path.join(here, 'icons', `${size}x${size}.png`), png(size));
}
console.log('Wrote resources/icon.png and resources/icons/*.png');
