import { t, wordsOf } from '../../shared/i18n/index.ts';
import type { LiveStats } from '../api/desk.ts';

const words = wordsOf(() => t.dashboard.desk.counts);
const ORDER = ['pending', 'confirmed', 'checked_in', 'canceled', 'no_show', 'total'] as const;

/** The event's attendees by status, at the top of the desk; dashes until the first answer. */
export function StatusCounts({ counts }: { counts: LiveStats['counts'] | undefined }) {
  return (
    <section className="desk-counts" aria-labelledby="desk-counts">
      <h2 id="desk-counts" className="visually-hidden">
        {words.heading}
      </h2>
      <dl className="desk-tiles">
        {ORDER.map((key) => (
          <div key={key} className={`desk-tile desk-tile--${key}`} data-testid={`count-${key}`}>
            <dt>{words[key]}</dt>
            <dd>{counts ? counts[key].toLocaleString(t.locale) : '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
