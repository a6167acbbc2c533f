import { useEffect, type ReactNode } from 'react';
import { CheckInIcon, ErrorIcon, SuccessIcon, WarningIcon } from '../../shared/components/Icons.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { t } from '../../shared/i18n/index.ts';
import { useScansGoHome } from '../scan/hand-off.ts';
import { playOutcome } from './outcome-sound.ts';
import { useCountdown } from './useCountdown.ts';

/**
 * An outcome's colour and sound: `success` checked in (green), `already` checked in before (violet), `warning` not
 * registered or not found (amber), `error` refused (red). "Already" and "not registered" must differ at a glance.
 */
export type Tone = 'success' | 'already' | 'warning' | 'error';

const TONE_ICONS = {
  success: SuccessIcon,
  already: CheckInIcon,
  warning: WarningIcon,
  error: ErrorIcon,
} as const;

interface ResultPanelProps {
  tone: Tone;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /**
   * Returns home by itself after this long; the person can also leave at once with Done. Null for a result the
   * person works on (fixing a typo): the idle reset ends it, asking "Still there?" first.
   */
  returnAfterMs: number | null;
  onDone: () => void;
}

/**
 * The outcome of what a person did, told four ways: a colour over the whole screen (readable from the queue), a
 * sound, an icon and words. The next person need not wait for it: a code scanned meanwhile ends it and is read at
 * home (screens that read codes themselves replace it in place).
 */
export function ResultPanel({ tone, title, children, actions, returnAfterMs, onDone }: ResultPanelProps) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => playOutcome(tone), [tone]);
  const secondsLeft = useCountdown(returnAfterMs, onDone);
  useScansGoHome(onDone);
  const Icon = TONE_ICONS[tone];
  return (
    <section className={`result result--${tone}`} data-testid="result" data-tone={tone}>
      <div className="result-head">
        <Icon size={56} />
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
      </div>
      {children && <div className="result-body">{children}</div>}
      <div className="actions">
        {actions}
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t.app.done}
        </button>
      </div>
      {returnAfterMs !== null && <p className="countdown">{t.app.returningIn(secondsLeft)}</p>}
    </section>
  );
}
