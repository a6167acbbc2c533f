import { useId } from 'react';
import { CHECKIN_PERIOD_TYPES } from '../../shared/api/vocabulary.ts';
import { ErrorIcon } from '../../shared/components/Icons.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { Checkbox } from '../shell/controls.tsx';
import type { SectionProps } from './event-draft.ts';
import { ZonedDateTimeInput } from './ZonedDateTimeInput.tsx';

const words = wordsOf(() => t.dashboard.events.checkIn);

/**
 * When check-in is allowed: never, always, from a moment, or between two moments on the venue's clocks; and
 * whether people may check themselves in at the kiosk.
 */
export function CheckInPeriodSection({ draft, change, error }: SectionProps) {
  const id = useId();
  const period = draft.checkin_period_type;
  const periodError = error('checkin_period_type');
  return (
    <section className="dsection" aria-labelledby="event-check-in">
      <h2 id="event-check-in">{words.heading}</h2>
      <div className="dform">
        <fieldset
          className="dfieldset"
          aria-describedby={periodError ? `${id}-error` : undefined}
          aria-invalid={periodError ? true : undefined}
        >
          <legend>{words.period}</legend>
          {CHECKIN_PERIOD_TYPES.map((type) => (
            <div className="dcheck" key={type}>
              <input
                id={`${id}-${type}`}
                type="radio"
                name={`${id}-period`}
                value={type}
                checked={period === type}
                onChange={() => change({ checkin_period_type: type })}
              />
              <label htmlFor={`${id}-${type}`}>{words.periods[type]}</label>
            </div>
          ))}
          {periodError && (
            <p id={`${id}-error`} className="dfield-error">
              <ErrorIcon size={18} />
              <span>{periodError}</span>
            </p>
          )}
        </fieldset>
        {(period === 'starts_on' || period === 'date_range') && (
          <div className="event-pair">
            <ZonedDateTimeInput
              label={words.startsAt}
              value={draft.checkin_starts_at}
              onChange={(checkin_starts_at) => change({ checkin_starts_at })}
              timeZone={draft.timezone}
              hint={draft.checkinFollowsEvent ? words.followsEvent : undefined}
              error={error('checkin_starts_at')}
            />
            {period === 'date_range' && (
              <ZonedDateTimeInput
                label={words.endsAt}
                value={draft.checkin_ends_at}
                onChange={(checkin_ends_at) => change({ checkin_ends_at })}
                timeZone={draft.timezone}
                error={error('checkin_ends_at')}
              />
            )}
          </div>
        )}
        <Checkbox
          label={words.allowSelfCheckin}
          checked={draft.allow_self_checkin}
          onChange={(allow_self_checkin) => change({ allow_self_checkin })}
          hint={words.allowSelfCheckinHint}
          error={error('allow_self_checkin')}
        />
      </div>
    </section>
  );
}
