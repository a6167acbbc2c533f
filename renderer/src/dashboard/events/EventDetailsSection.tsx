import { useMemo } from 'react';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { SelectInput, TextArea, TextInput } from '../shell/controls.tsx';
import type { SectionProps } from './event-draft.ts';
import { timeZoneChoices } from './zoned-time.ts';
import { ZonedDateTimeInput } from './ZonedDateTimeInput.tsx';

const words = wordsOf(() => t.dashboard.events.details);

/** Name, description, place, time zone and the event's own dates. */
export function EventDetailsSection({ draft, change, error }: SectionProps) {
  const zones = useMemo(
    () => timeZoneChoices(draft.timezone).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    [draft.timezone],
  );
  return (
    <section className="dsection" aria-labelledby="event-details">
      <h2 id="event-details">{words.heading}</h2>
      <div className="dform">
        <TextInput
          label={words.name}
          value={draft.name}
          onChange={(name) => change({ name })}
          error={error('name')}
          required
          maxLength={255}
        />
        <TextArea
          label={words.description}
          value={draft.description}
          onChange={(description) => change({ description })}
          error={error('description')}
        />
        <TextInput
          label={words.location}
          value={draft.location}
          onChange={(location) => change({ location })}
          error={error('location')}
          maxLength={255}
        />
        <SelectInput
          label={words.timezone}
          value={draft.timezone}
          onChange={(timezone) => change({ timezone })}
          options={zones}
          hint={words.timezoneHint}
          error={error('timezone')}
        />
        <div className="event-pair">
          <ZonedDateTimeInput
            label={words.startsAt}
            value={draft.starts_at}
            onChange={(starts_at) => change({ starts_at })}
            timeZone={draft.timezone}
            error={error('starts_at')}
          />
          <ZonedDateTimeInput
            label={words.endsAt}
            value={draft.ends_at}
            onChange={(ends_at) => change({ ends_at })}
            timeZone={draft.timezone}
            error={error('ends_at')}
          />
        </div>
      </div>
    </section>
  );
}
