import { t, wordsOf } from '../../shared/i18n/index.ts';
import { Checkbox, TextInput } from '../shell/controls.tsx';
import type { SectionProps } from './event-draft.ts';
import { ZonedDateTimeInput } from './ZonedDateTimeInput.tsx';

const words = wordsOf(() => t.dashboard.events.registration);

/** Who may register and when: seats, approval, the registration window and the redirect. */
export function RegistrationSection({ draft, change, error }: SectionProps) {
  const url = draft.redirect_url.trim();
  // The server checks it too; saying so while typing saves a round trip.
  const missingCode = url !== '' && !url.includes('{code}');
  return (
    <section className="dsection" aria-labelledby="event-registration">
      <h2 id="event-registration">{words.heading}</h2>
      <div className="dform">
        <TextInput
          label={words.seats}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={draft.seats}
          onChange={(seats) => change({ seats })}
          hint={words.seatsHint}
          error={error('seats')}
        />
        <Checkbox
          label={words.requiresApproval}
          checked={draft.requires_approval}
          onChange={(requires_approval) => change({ requires_approval })}
          hint={words.requiresApprovalHint}
          error={error('requires_approval')}
        />
        <div className="event-pair">
          <ZonedDateTimeInput
            label={words.opensAt}
            value={draft.registration_opens_at}
            onChange={(registration_opens_at) => change({ registration_opens_at })}
            timeZone={draft.timezone}
            hint={words.opensAtHint}
            error={error('registration_opens_at')}
          />
          <ZonedDateTimeInput
            label={words.closesAt}
            value={draft.registration_closes_at}
            onChange={(registration_closes_at) => change({ registration_closes_at })}
            timeZone={draft.timezone}
            hint={words.closesAtHint}
            error={error('registration_closes_at')}
          />
        </div>
        <TextInput
          label={words.redirectUrl}
          type="url"
          value={draft.redirect_url}
          onChange={(redirect_url) => change({ redirect_url })}
          hint={
            <>
              {words.redirectUrlHint}
              {missingCode && (
                <strong className="event-warning" data-testid="redirect-code-hint">
                  {' '}
                  {words.redirectUrlMissingCode}
                </strong>
              )}
            </>
          }
          error={error('redirect_url')}
          maxLength={2048}
          spellCheck={false}
        />
      </div>
    </section>
  );
}

/**
 * Published or not, first on the form and in colour: an unpublished event's kiosk takes no one, and a checkbox among
 * the registration settings was easy to miss.
 */
export function PublishPanel({ draft, change, error }: SectionProps) {
  const on = draft.is_published;
  return (
    <section
      className={`event-publish${on ? ' event-publish--on' : ''}`}
      aria-labelledby="event-publish-state"
      data-testid="event-publish"
    >
      <p id="event-publish-state" className="event-publish-state">
        {on ? words.publishedState : words.notPublishedState}
      </p>
      <Checkbox
        label={words.published}
        checked={on}
        onChange={(is_published) => change({ is_published })}
        hint={words.publishedHint}
        error={error('is_published')}
      />
    </section>
  );
}
