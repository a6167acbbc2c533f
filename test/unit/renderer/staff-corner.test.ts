import { describe, expect, it } from 'vitest';
import {
  createTapCounter,
  isInStaffCorner,
  STAFF_CORNER,
} from '../../../renderer/src/kiosk/shell/staff-corner.ts';

describe('the staff corner', () => {
  it.each([
    [1279, 0],
    [1200, 80],
    [1250, 40],
  ])('takes (%i, %i) on a 1280 px wide screen as the corner', (x, y) => {
    expect(isInStaffCorner(x, y, 1280)).toBe(true);
  });

  it.each([
    [1199, 10],
    [1270, 81],
    [0, 0],
    [640, 450],
  ])('takes (%i, %i) as elsewhere', (x, y) => {
    expect(isInStaffCorner(x, y, 1280)).toBe(false);
  });

  it('completes on the fifth tap within 3 seconds, then starts over', () => {
    const counter = createTapCounter();
    expect([0, 500, 1000, 1500].map((at) => counter.tap(at))).toEqual([false, false, false, false]);
    expect(counter.tap(2_999)).toBe(true);
    expect(counter.tap(3_100)).toBe(false);
  });

  it('forgets taps older than 3 seconds', () => {
    const counter = createTapCounter();
    const taps = [0, 1_000, 2_000, 2_500, 3_000].map((at) => counter.tap(at));
    // The first tap is 3 s old at the fifth: four count.
    expect(taps).toEqual([false, false, false, false, false]);
    expect(counter.tap(3_100)).toBe(true);
    expect(STAFF_CORNER).toEqual({ size: 80, taps: 5, withinMs: 3_000 });
  });
});
