import { t, wordsOf } from '../../shared/i18n/index.ts';
import type { LiveStats } from '../api/desk.ts';
import { CheckInChart } from './CheckInChart.tsx';

const words = wordsOf(() => t.dashboard.desk.live);

/** The event in progress: who arrived lately, who is still to come, and the arrivals over time. */
export function LivePicture({ stats, timeZone }: { stats: LiveStats | null; timeZone: string }) {
  const number = (n: number | undefined) => (n === undefined ? '–' : n.toLocaleString(t.locale));
  return (
    <section className="dsection desk-live" aria-labelledby="desk-live">
      <h2 id="desk-live">{words.heading}</h2>
      <div className="desk-live-grid">
        <dl className="desk-tiles desk-tiles--live">
          <div className="desk-tile" data-testid="arrivals-15">
            <dt>{words.arrivals}</dt>
            <dd>{number(stats?.arrivals_last_15_min)}</dd>
          </div>
          <div className="desk-tile" data-testid="still-expected">
            <dt>{words.stillExpected}</dt>
            <dd>{number(stats?.still_expected)}</dd>
            <dd className="desk-tile-hint">{words.stillExpectedHint}</dd>
          </div>
        </dl>
        {stats && <CheckInChart buckets={stats.checkins_per_5_min} timeZone={timeZone} />}
      </div>
    </section>
  );
}
