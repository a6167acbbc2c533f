import { useEffect, useRef } from 'react';
import { drawBadge, type BadgeContent } from './badge.ts';

/** A badge as it prints, for the event editor's choice of layout; `label` names it for screen readers. */
export function BadgePreview({ badge, label }: { badge: BadgeContent; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { layout, name, company, ticketType, event, checkinCode, logoUrl } = badge;
  useEffect(() => {
    let current = true;
    void drawBadge({ layout, name, company, ticketType, event, checkinCode, logoUrl }).then((sheet) => {
      if (current) box.current?.replaceChildren(sheet);
    });
    return () => {
      current = false;
    };
  }, [layout, name, company, ticketType, event, checkinCode, logoUrl]);
  return <div ref={box} className="badge-preview" role="img" aria-label={label} data-layout={layout} />;
}
