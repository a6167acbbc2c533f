import { t } from '../../shared/i18n/index.ts';
import { useCountdown } from '../components/useCountdown.ts';
import { reportActivity } from './useIdleReset.ts';

/**
 * Shown before the idle reset wipes a half-filled form. Any touch or key keeps the form (the idle reset restarts on
 * input); Continue is the obvious one. The reset itself stays the idle timer's. Focus stays in the form, so the
 * person (and the on-screen keyboard) carries on typing where they were.
 */
export function StillThere({ ms }: { ms: number }) {
  const secondsLeft = useCountdown(ms, () => {});
  return (
    <div
      className="still-there"
      data-idle-warning
      role="alertdialog"
      aria-labelledby="still-there-title"
      aria-describedby="still-there-message"
    >
      <div className="still-there-box">
        <h2 id="still-there-title">{t.app.stillThere}</h2>
        <p id="still-there-message" role="alert">
          {t.app.stillThereMessage(secondsLeft)}
        </p>
        <button
          type="button"
          className="button button--primary"
          // Pressing it must not take the focus from the field being typed in; the press itself is the answer.
          onPointerDown={(press) => press.preventDefault()}
          onMouseDown={(press) => press.preventDefault()}
          onClick={reportActivity}
        >
          {t.app.continue}
        </button>
      </div>
    </div>
  );
}
