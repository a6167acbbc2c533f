import type { AttendeeStatus } from '../contract/vocabulary.ts';

export const BUCKET_MS = 5 * 60 * 1000;
export const RECENT_MS = 15 * 60 * 1000;
/** The chart looks back this far: an evening's arrivals. */
export const CHART_WINDOW_MS = 6 * 60 * 60 * 1000;

export interface StatusCount {
  status: AttendeeStatus;
  total: number;
  checked_in: number;
}

export interface LiveStats {
  counts: Record<AttendeeStatus, number> & { checked_in: number; total: number };
  arrivals_last_15_min: number;
  /** Registered (confirmed or pending), not checked in. */
  still_expected: number;
  /** Check-ins per 5 minutes, from the first bucket with a check-in in the window up to now. */
  checkins_per_5_min: { start: string; count: number }[];
}

/** The picture of an event in progress, from its status counts and its check-in times. */
export function liveStats(
  counts: readonly StatusCount[],
  checkInTimes: readonly string[],
  now: Date,
): LiveStats {
  const byStatus = { pending: 0, confirmed: 0, canceled: 0, no_show: 0 };
  let checkedIn = 0;
  let expected = 0;
  for (const row of counts) {
    byStatus[row.status] = row.total;
    checkedIn += row.checked_in;
    if (row.status === 'pending' || row.status === 'confirmed') expected += row.total - row.checked_in;
  }
  const nowMs = now.getTime();
  const times = checkInTimes
    .map((t) => Date.parse(t))
    .filter((t) => t <= nowMs && t > nowMs - CHART_WINDOW_MS);
  const lastBucket = Math.floor(nowMs / BUCKET_MS) * BUCKET_MS;
  const firstBucket = times.length > 0 ? Math.floor(Math.min(...times) / BUCKET_MS) * BUCKET_MS : lastBucket;
  const buckets = new Map<number, number>();
  for (let start = firstBucket; start <= lastBucket; start += BUCKET_MS) buckets.set(start, 0);
  for (const t of times) {
    const start = Math.floor(t / BUCKET_MS) * BUCKET_MS;
    buckets.set(start, (buckets.get(start) ?? 0) + 1);
  }
  return {
    counts: { ...byStatus, checked_in: checkedIn, total: Object.values(byStatus).reduce((a, b) => a + b, 0) },
    arrivals_last_15_min: times.filter((t) => t > nowMs - RECENT_MS).length,
    still_expected: expected,
    checkins_per_5_min: [...buckets].map(([start, count]) => ({
      start: new Date(start).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      count,
    })),
  };
}
