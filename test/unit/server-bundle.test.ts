import { describe, expect, it } from 'vitest';
import { isBundleFresh } from '../../bin/server-bundle.mjs';

const BUILT = 1_800_000_000_000;
const manifest = {
  startedAt: BUILT,
  inputs: { 'server/cli.ts': BUILT - 60_000, 'server/app.ts': BUILT - 3_600_000.5 },
  outputs: ['cli.js', 'find-electron.js'],
};
const onDisk: Record<string, number> = {
  'server/cli.ts': BUILT - 60_000,
  'server/app.ts': BUILT - 3_600_000.5,
  'out/server/cli.js': BUILT + 200,
  'out/server/find-electron.js': BUILT + 200,
};
const disk =
  (changes: Record<string, number | undefined> = {}) =>
  (file: string) =>
    file in changes ? changes[file] : onDisk[file];

describe('isBundleFresh: whether bin/ may run out/server instead of the TypeScript sources', () => {
  it('runs the bundle while every source has the modification time it had at the build', () => {
    expect(isBundleFresh(manifest, disk())).toBe(true);
  });

  it.each([
    ['a source edited since the build', { 'server/cli.ts': BUILT + 5_000 }],
    [
      'a source replaced by an older copy (a checkout or `cp -p` keeping its time)',
      { 'server/app.ts': BUILT - 7e6 },
    ],
    ['a source deleted', { 'server/app.ts': undefined }],
    ['a bundle file deleted', { 'out/server/find-electron.js': undefined }],
  ])('falls back to the sources after %s', (_why, changes) => {
    expect(isBundleFresh(manifest, disk(changes))).toBe(false);
  });

  it('falls back to the sources when a source was saved while the build ran (it may hold the older text)', () => {
    const during = { ...manifest, inputs: { ...manifest.inputs, 'server/cli.ts': BUILT + 10 } };
    expect(isBundleFresh(during, disk({ 'server/cli.ts': BUILT + 10 }))).toBe(false);
  });

  it.each([
    ['no manifest (never built, or a build that failed half-way)', null],
    ['a manifest that is not JSON of the expected shape', 'garbage'],
    ['a manifest without sources', { ...manifest, inputs: {} }],
    ['a manifest without outputs', { ...manifest, outputs: [] }],
    [
      'a source whose time could not be read at the build',
      { ...manifest, inputs: { 'server/cli.ts': null } },
    ],
  ])('falls back to the sources with %s', (_why, value) => {
    expect(isBundleFresh(value, disk())).toBe(false);
  });
});
