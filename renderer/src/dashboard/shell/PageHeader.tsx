import { useEffect, type ReactNode } from 'react';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { t } from '../../shared/i18n/index.ts';

/**
 * A dashboard page's heading: names the browser tab, and takes focus when the page opens so a screen reader
 * announces it. `actions` sit beside the heading (the page's main buttons).
 */
export function PageHeader({
  title,
  intro,
  actions,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => {
    document.title = `${title} – ${t.app.name}`;
  }, [title]);
  return (
    <div className="dpage-header">
      <div>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {intro && <p className="dpage-intro">{intro}</p>}
      </div>
      {actions && <div className="dactions">{actions}</div>}
    </div>
  );
}
