import { useId } from 'react';
import { WarningIcon } from '../../shared/components/Icons.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { useCopyFromField } from '../shell/useCopyFromField.ts';

const words = wordsOf(() => t.dashboard.developers.shownOnce);

/** The box goes away: the keyboard starts again from the page's heading rather than from nowhere. */
function putAway(onDone: () => void) {
  onDone();
  document.querySelector<HTMLElement>('#content h1')?.focus();
}

/**
 * A secret the server shows once (a new API token, a webhook signing secret): the value to copy, a warning that it
 * cannot be shown again, and a button to put it away. Its heading takes focus so a screen reader reads it out.
 */
export function ShownOnceSecret({
  heading,
  label,
  warning,
  value,
  onDone,
}: {
  heading: string;
  label: string;
  warning: string;
  value: string;
  onDone: () => void;
}) {
  const id = useId();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const { input, copied, copy } = useCopyFromField(value);

  return (
    <section className="shown-once" aria-labelledby={`${id}-heading`} data-testid="shown-once">
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <p id={`${id}-warning`} className="shown-once-warning">
        <WarningIcon size={22} />
        <strong>{warning}</strong>
      </p>
      <div className="dfield">
        <label htmlFor={id}>{label}</label>
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={value}
          spellCheck={false}
          aria-describedby={`${id}-warning`}
          onFocus={(e) => e.target.select()}
        />
      </div>
      <div className="dactions">
        <button type="button" className="dbutton dbutton--primary" onClick={() => void copy()}>
          {words.copy}
        </button>
        <button type="button" className="dbutton" onClick={() => putAway(onDone)}>
          {words.done}
        </button>
        <span role="status">
          {copied === 'yes' ? words.copied : copied === 'failed' ? words.copyFailed : ''}
        </span>
      </div>
    </section>
  );
}
