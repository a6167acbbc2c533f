import type { BadgeLayout } from '../contract/vocabulary.ts';
import type { Db } from '../platform/database.ts';

/** An event's badge settings: its layout (`events.badge_layout`, migration 009). */
export function badgeSettingsRepository(db: Db) {
  const layoutOf = db.prepare<[number], BadgeLayout>('SELECT badge_layout FROM events WHERE id = ?').pluck();
  const setLayout = db.prepare<[BadgeLayout, number]>('UPDATE events SET badge_layout = ? WHERE id = ?');
  return {
    layoutOf: (eventId: number): BadgeLayout => layoutOf.get(eventId) ?? 'classic',
    setLayout: (eventId: number, layout: BadgeLayout) => void setLayout.run(layout, eventId),
  };
}
