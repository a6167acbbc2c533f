import type { BadgeLayout } from '../contract/vocabulary.ts';
import type { EventRecord } from '../events/event.types.ts';
import type { Store } from '../store.ts';

export interface BadgeSettings {
  layout: BadgeLayout;
}

/** How an event's name badges look, wherever they are printed (the desk, the kiosk). */
export function badgeService(store: Store) {
  const { badges } = store.repos;
  return {
    settingsOf: (event: EventRecord): BadgeSettings => ({ layout: badges.layoutOf(event.id) }),
    update(event: EventRecord, settings: BadgeSettings): BadgeSettings {
      badges.setLayout(event.id, settings.layout);
      return { layout: badges.layoutOf(event.id) };
    },
  };
}

export type BadgeService = ReturnType<typeof badgeService>;
