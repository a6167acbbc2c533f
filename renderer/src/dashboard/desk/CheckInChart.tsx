import { format, t, wordsOf } from '../../shared/i18n/index.ts';
import type { LiveStats } from '../api/desk.ts';

const words = wordsOf(() => t.dashboard.desk.live);
const WIDTH = 600;
const HEIGHT = 140;
const GAP = 2;

/**
 * Check-ins per 5 minutes as bars. The picture is for the eye only (aria-hidden): a sentence sums it up for
 * everyone, and a table beside it, visually hidden, gives a screen reader every bar.
 */
export function CheckInChart({
  buckets,
  timeZone,
}: {
  buckets: LiveStats['checkins_per_5_min'];
  /** The event's: the bars' times as the venue's clocks show them. */
  timeZone: string;
}) {
  const time = (iso: string) => format.time(iso, timeZone);
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  const busiest = buckets.reduce((best, b) => (b.count > best.count ? b : best), buckets[0]!);
  const slot = WIDTH / Math.max(buckets.length, 1);
  return (
    <figure className="desk-chart" aria-labelledby="desk-chart-title">
      <figcaption id="desk-chart-title" className="desk-chart-title">
        {words.chartTitle}
      </figcaption>
      {total === 0 ? (
        <p className="muted">{words.chartEmpty}</p>
      ) : (
        <>
          <p className="muted" data-testid="chart-summary">
            {words.chartSummary(total, time(busiest.start), busiest.count)}
          </p>
          <div className="desk-chart-frame" aria-hidden="true">
            <span className="desk-chart-max">{busiest.count}</span>
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" focusable="false">
              {buckets.map((bucket, index) => {
                const height = bucket.count === 0 ? 0 : Math.max(2, (bucket.count / busiest.count) * HEIGHT);
                return (
                  <rect
                    key={bucket.start}
                    x={index * slot + GAP / 2}
                    y={HEIGHT - height}
                    width={Math.max(slot - GAP, 1)}
                    height={height}
                  >
                    <title>{words.bar(time(bucket.start), bucket.count)}</title>
                  </rect>
                );
              })}
            </svg>
            <div className="desk-chart-axis">
              <span>{time(buckets[0]!.start)}</span>
              <span>{time(buckets[buckets.length - 1]!.start)}</span>
            </div>
          </div>
          <table className="visually-hidden">
            <caption>{words.chartTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{words.from}</th>
                <th scope="col">{words.checkIns}</th>
              </tr>
            </thead>
            <tbody>
              {buckets.map((bucket) => (
                <tr key={bucket.start}>
                  <th scope="row">{time(bucket.start)}</th>
                  <td>{bucket.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
