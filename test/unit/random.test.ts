import { describe, expect, it } from 'vitest';
import { randomHex } from '../../server/platform/random.ts';

describe('randomHex', () => {
  it('hands out each drawn byte once, across refills of its pool', () => {
    // 4096 bytes a pool: 1,000 ids of 16 bytes span three refills.
    const ids = Array.from({ length: 1_000 }, () => randomHex(16));
    expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws its bytes uniformly', () => {
    // 64 KiB of draws: each hex digit's share within 5% of a sixteenth (a stuck or zeroed pool is far outside).
    const text = Array.from({ length: 4_096 }, () => randomHex(16)).join('');
    const counts = new Map<string, number>();
    for (const digit of text) counts.set(digit, (counts.get(digit) ?? 0) + 1);
    expect(counts.size).toBe(16);
    for (const count of counts.values())
      expect(Math.abs(count / text.length - 1 / 16)).toBeLessThan(0.05 / 16);
  });
});
