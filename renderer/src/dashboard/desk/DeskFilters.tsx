import { useId } from 'react';
import { ATTENDEE_STATUSES } from '../../shared/api/vocabulary.ts';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import type { DeskQuery } from '../api/desk.ts';
import type { EventMail } from '../api/mail.ts';
import { MailFilter } from '../mail/TicketMail.tsx';

const words = wordsOf(() => t.dashboard.desk.table);

/**
 * Search as you type, and the status and check-in filters. Each change starts again from the first page; Enter in
 * the search field is `onEnter` (the desk checks in a single match).
 */
export function DeskFilters({
  query,
  onChange,
  onEnter,
  mailPeople,
}: {
  query: DeskQuery;
  onChange: (change: Partial<Omit<DeskQuery, 'page'>>) => void;
  onEnter: () => void;
  /** The event's people by mail state, where this server mails the event: the mail filter. */
  mailPeople?: EventMail['people'];
}) {
  const id = useId();
  return (
    <div role="search" className="dtoolbar desk-filters">
      <div className="dfield desk-search">
        <label htmlFor={`${id}-q`}>{words.search}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={query.q}
          maxLength={255}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-q-hint`}
          onChange={(e) => onChange({ q: e.target.value })}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            onEnter();
          }}
        />
        <p id={`${id}-q-hint`} className="dfield-hint">
          {words.searchHint}
        </p>
      </div>
      <div className="dfield">
        <label htmlFor={`${id}-status`}>{words.status}</label>
        <select
          id={`${id}-status`}
          value={query.status}
          onChange={(e) => onChange({ status: e.target.value as DeskQuery['status'] })}
        >
          <option value="">{words.anyStatus}</option>
          {ATTENDEE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t.dashboard.desk.statuses[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="dfield">
        <label htmlFor={`${id}-checked`}>{words.checkedIn}</label>
        <select
          id={`${id}-checked`}
          value={query.checkedIn}
          onChange={(e) => onChange({ checkedIn: e.target.value as DeskQuery['checkedIn'] })}
        >
          <option value="">{words.anyCheckIn}</option>
          <option value="true">{words.onlyCheckedIn}</option>
          <option value="false">{words.notCheckedIn}</option>
        </select>
      </div>
      {mailPeople && (
        <MailFilter value={query.mail} people={mailPeople} onChange={(mail) => onChange({ mail })} />
      )}
    </div>
  );
}
