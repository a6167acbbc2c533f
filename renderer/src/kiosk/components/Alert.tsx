import type { ReactNode } from 'react';
import { ErrorIcon, WarningIcon } from '../../shared/components/Icons.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';

export interface AlertContent {
  tone: 'warning' | 'error';
  title?: string;
  message: string;
  /** Takes focus, for a refusal that ends what the person was doing; a form's own hints leave focus in the form. */
  takeFocus?: boolean;
  /** Off inside a region that is live already (the scan result), so it is not announced twice. */
  announce?: boolean;
}

/** A message above a form: told by colour, icon and words, and announced when it appears. */
export function Alert({
  tone,
  title,
  message,
  takeFocus,
  announce = true,
  children,
}: AlertContent & { children?: ReactNode }) {
  const focus = useFocusOnMount<HTMLDivElement>();
  const Icon = tone === 'error' ? ErrorIcon : WarningIcon;
  return (
    <div
      className={`alert alert--${tone}`}
      role={announce ? 'alert' : undefined}
      data-testid="alert"
      ref={takeFocus ? focus : undefined}
      tabIndex={takeFocus ? -1 : undefined}
    >
      <Icon size={36} />
      <div className="alert-body">
        {title && <p className="alert-title">{title}</p>}
        <p>{message}</p>
        {children && <div className="actions">{children}</div>}
      </div>
    </div>
  );
}
