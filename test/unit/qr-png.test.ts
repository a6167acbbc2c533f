import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { qrPng } from '../../server/mail/qr-png.ts';
import { decodeQrPng } from '../helpers/smtp.ts';

describe('qrPng', () => {
  it.each([
    'ARV1:3kTqz9XwP0aLm2Vb',
    'ARV1:' + 'Z'.repeat(64),
    'https://tickets.example.org/t/abcdefghijABCDEFGHIJ01',
  ])('draws %s as a PNG that reads back as the same text', (text) => {
    const { png, width } = qrPng(text);
    expect(decodeQrPng(png)).toBe(text);
    const image = PNG.sync.read(png);
    expect([image.width, image.height]).toEqual([width, width]);
  });

  it('is one bit of grayscale per pixel, modules of 8 pixels and a quiet zone of 4 modules', () => {
    const { png, width } = qrPng('ARV1:3kTqz9XwP0aLm2Vb');
    // The IHDR chunk: bit depth 1, colour type 0 (grayscale).
    expect([png[24], png[25]]).toEqual([1, 0]);
    expect(width % 8).toBe(0);
    const image = PNG.sync.read(png);
    const isWhite = (x: number, y: number) => image.data[(y * width + x) * 4] === 255;
    // The quiet zone is white; the finder pattern's corner, 4 modules in, is black.
    expect(isWhite(0, 0) && isWhite(31, 31)).toBe(true);
    expect(isWhite(32, 32)).toBe(false);
  });
});
