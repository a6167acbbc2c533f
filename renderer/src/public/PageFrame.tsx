import type { CSSProperties, ReactNode } from 'react';
import { LanguageSwitch } from '../shared/components/LanguageSwitch.tsx';
import { choosePageLanguage } from './language.ts';

/**
 * The event's accent as the page's brand colour (buttons, links, focus rings). The server has checked that white
 * text reads on it (server/brand/brand.rules.ts); a darker mix of it is used for text on white.
 */
function accentStyle(accent: string | null | undefined): CSSProperties | undefined {
  if (!accent) return undefined;
  return {
    '--brand': accent,
    '--brand-dark': `color-mix(in srgb, ${accent} 70%, black)`,
  } as CSSProperties;
}

/** The frame of a public page: the organizer and the event's logo, the language switch, the page itself. */
export function PageFrame({
  organization,
  logoUrl,
  accent,
  wide = false,
  children,
}: {
  organization?: string | undefined;
  logoUrl?: string | null | undefined;
  accent?: string | null | undefined;
  /** On a wide screen, the page's sections side by side (the event, its form) rather than one above the other. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`ppage${wide ? ' ppage--wide' : ''}`} style={accentStyle(accent)}>
      <header className="ppage-header">
        {/* The event's name follows as the heading: the logo adds nothing a screen reader should read twice. */}
        {logoUrl && <img className="ppage-logo" src={logoUrl} alt="" data-testid="event-logo" />}
        {organization && <p className="ppage-organizer">{organization}</p>}
        <LanguageSwitch choose={choosePageLanguage} classes={LANGUAGE_CLASSES} />
      </header>
      <main id="main" className="ppage-main">
        {children}
      </main>
    </div>
  );
}

const LANGUAGE_CLASSES = { group: 'planguage' };
