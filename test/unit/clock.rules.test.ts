import { describe, expect, it } from 'vitest';
import { CLOCK_AGREEMENT_MS, MAX_OP_LEAD_MS, correctOpTime } from '../../server/sync/clock.rules.ts';

const HUB_MS = Date.parse('2026-11-21T10:00:00Z');
/** The hub read its clock at HUB_MS when the kiosk's boot had run 5 s. */
const anchor = { hubMs: HUB_MS, monoMs: 5_000 };
/** An op made a minute after the anchor by the kiosk's monotonic clock, with its wall clock `wallOffMs` off. */
const minuteLater = (wallOffMs: number) => ({
  wallMs: HUB_MS + 60_000 + wallOffMs,
  monoMs: 65_000,
  bootId: 'boot-1',
});

describe('the time of a kiosk’s op on the hub’s clock', () => {
  it('is measured through the boot’s anchor, whatever the kiosk’s wall clock says', () => {
    expect(correctOpTime(minuteLater(-3_600_000), anchor, 0, HUB_MS + 120_000)).toEqual({
      atMs: HUB_MS + 60_000,
      uncertain: false,
    });
    expect(correctOpTime(minuteLater(CLOCK_AGREEMENT_MS + 1), anchor, 0, HUB_MS + 120_000)).toEqual({
      atMs: HUB_MS + 60_000,
      uncertain: false,
    });
  });

  it('is the kiosk’s own reading where it agrees with that measure as closely as the anchor can tell', () => {
    for (const off of [-CLOCK_AGREEMENT_MS, -1, 1, 37, CLOCK_AGREEMENT_MS]) {
      expect(correctOpTime(minuteLater(off), anchor, 0, HUB_MS + 120_000)).toEqual({
        atMs: HUB_MS + 60_000 + off,
        uncertain: false,
      });
    }
  });

  it('is the wall time moved by the last offset, flagged, for a boot the hub never measured', () => {
    expect(correctOpTime(minuteLater(20), null, 500, HUB_MS + 120_000)).toEqual({
      atMs: HUB_MS + 60_000 + 20 + 500,
      uncertain: true,
    });
  });

  it('is brought inside what can be, and flagged, when it lies too far ahead', () => {
    const ahead = { wallMs: HUB_MS + 10 * MAX_OP_LEAD_MS, monoMs: 5_000 + 10 * MAX_OP_LEAD_MS, bootId: 'b' };
    expect(correctOpTime(ahead, anchor, 0, HUB_MS)).toEqual({
      atMs: HUB_MS + MAX_OP_LEAD_MS,
      uncertain: true,
    });
  });
});
