import { t } from '../../shared/i18n/index.ts';
import { Checkbox, TextInput } from '../shell/controls.tsx';
import type { SectionProps } from './event-draft.ts';
import { ZonedDateTimeInput } from './ZonedDateTimeInput.tsx';

const words = t.dashboard.events.registration;

/** Who may register and when: publishing, seats, approval, the registration window and the redirect. */
export function RegistrationSection({ draft, change, error }: SectionProps) {
  const url = draft.redirect_url.trim();
  // The server checks it too; saying so while typing saves a round trip.
  const missingCode = url !== '' && !url.includes('{code}');
  return (
    <section className="dsection" aria-labelledby="event-registration">
      <h2 id="event-registration">{words.heading}</h2>
      <div className="dform">
        <Checkbox
          label={words.published}
          checked={draft.is_published}
          onChange={(is_published) => change({ is_published })}
          hint={words.publishedHint}
          error={error('is_published')}
        />
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
