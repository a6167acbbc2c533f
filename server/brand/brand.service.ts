import type { EventRecord } from '../events/event.types.ts';
import type { Store } from '../store.ts';
import type { EventBrand, EventLogo } from './brand.types.ts';
import { decideAccent, decideLogo, type AccentDecision, type LogoDecision } from './brand.rules.ts';

export type AccentOutcome = { ok: true; brand: EventBrand } | Extract<AccentDecision, { ok: false }>;
export type LogoOutcome = { ok: true; brand: EventBrand } | Extract<LogoDecision, { ok: false }>;

/** An event's brand: the accent colour and logo the kiosk shows and badges print. */
export function brandService(store: Store) {
  const { brand } = store.repos;
  return {
    brandOf: (event: EventRecord): EventBrand => brand.brandOf(event.id),
    logoOf: (event: EventRecord): EventLogo | null => brand.logoOf(event.id),

    /** A colour (`#rrggbb`) white text stays readable on, or null for the kiosk's own. */
    setAccent(event: EventRecord, color: string | null): AccentOutcome {
      if (color !== null) {
        const decision = decideAccent(color);
        if (!decision.ok) return decision;
        color = decision.color;
      }
      brand.setAccent(event.id, color);
      return { ok: true, brand: brand.brandOf(event.id) };
    },

    /** These bytes as the event's logo, if they are a PNG or JPEG small enough. */
    setLogo(event: EventRecord, bytes: Buffer): LogoOutcome {
      const decision = decideLogo(bytes);
      if (!decision.ok) return decision;
      store.inTransaction(() => brand.setLogo(event.id, { type: decision.type, bytes, etag: decision.etag }));
      return { ok: true, brand: brand.brandOf(event.id) };
    },

    removeLogo(event: EventRecord): EventBrand {
      store.inTransaction(() => brand.setLogo(event.id, null));
      return brand.brandOf(event.id);
    },
  };
}

export type BrandService = ReturnType<typeof brandService>;
