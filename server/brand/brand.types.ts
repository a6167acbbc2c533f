import type { LogoType } from './brand.rules.ts';

export interface EventBrand {
  /** `#rrggbb`, lower case; null for the kiosk's own. */
  accentColor: string | null;
  /** Names the logo's bytes; null while the event has no logo. */
  logoEtag: string | null;
}

export interface EventLogo {
  type: LogoType;
  bytes: Buffer;
  etag: string;
}
