import { startTransition, useEffect, useState } from 'react';
import type { AttendeeStatus, RegistrationField } from '../../shared/api/types.ts';
import { format, t, useLanguage, wordsOf } from '../../shared/i18n/index.ts';
import { fieldsInLanguage } from '../../shared/registration-form/localized-fields.ts';
import type { DeskAttendee, DeskListAttendee } from '../api/desk.ts';
import { Pill, type PillTone } from '../shell/controls.tsx';
import { attendeeDetails } from './attendee-details.ts';
import { RowActions, type ActionOutcome } from './RowActions.tsx';
import { MailCell } from '../mail/TicketMail.tsx';

const words = wordsOf(() => t.dashboard.desk.table);

/**
 * Rows built before the rest when the list first shows: more than a laptop's screen holds, and three or four phone
 * screens. The page's other rows follow at once, in a render that gives way to taps and keys, so the desk is usable
 * before all 50 are built and laid out (a few tenths of a second on a phone's CPU).
 */
const FIRST_ROWS = 10;

const STATUS_TONES: Record<AttendeeStatus, PillTone> = {
  confirmed: 'good',
  pending: 'waiting',
  canceled: 'bad',
  no_show: 'bad',
};

/**
 * One page of attendees. Rows are keyed by attendee, so a poll that changes a row keeps the focus and scroll of
 * everything else; `busy` (a search under way) dims the old rows rather than removing them. On a phone each row
 * is a card (desk.css), so the buttons stay in reach without scrolling sideways.
 */
export function AttendeeTable({
  eventId,
  timeZone,
  fields,
  attendees,
  busy,
  canMail,
  onOutcome,
  onPrintBadge,
}: {
  eventId: string;
  /** The event's: its times read as the venue's clocks show them. */
  timeZone: string;
  fields: readonly RegistrationField[];
  attendees: DeskListAttendee[];
  busy: boolean;
  /** Email is set up and this server sends the event's: the mail column and Resend ticket. */
  canMail: boolean;
  onOutcome: (outcome: ActionOutcome) => void;
  onPrintBadge: (attendee: DeskAttendee) => Promise<unknown>;
}) {
  // Labels and choices as the desk's language reads them: in French, the editor's French ones.
  const shownFields = fieldsInLanguage(fields, useLanguage());
  const [allRows, setAllRows] = useState(attendees.length <= FIRST_ROWS);
  useEffect(() => {
    if (!allRows) startTransition(() => setAllRows(true));
  }, [allRows]);
  const rows = allRows ? attendees : attendees.slice(0, FIRST_ROWS);
  return (
    <div className="desk-table-wrap">
      <table className={`dtable desk-table${busy ? ' desk-table--busy' : ''}`} aria-busy={busy || undefined}>
        <caption className="visually-hidden">{words.heading}</caption>
        <thead>
          <tr>
            <th scope="col">{words.name}</th>
            <th scope="col">{words.email}</th>
            <th scope="col">{words.details}</th>
            <th scope="col">{words.status}</th>
            <th scope="col">{words.checkedIn}</th>
            {canMail && <th scope="col">{t.dashboard.mail.desk.column}</th>}
            <th scope="col">
              <span className="visually-hidden">{words.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((attendee) => (
            <tr key={attendee.id} data-testid="attendee-row">
              <th scope="row">{attendee.name}</th>
              <td className="desk-cell-email">{attendee.email}</td>
              <td data-testid="attendee-details">
                {attendeeDetails(shownFields, attendee.answers).map((detail) => (
                  <span key={detail.key} className="desk-detail">
                    <span className="visually-hidden">{words.detailLabel(detail.label)}</span>
                    {detail.text}
                  </span>
                ))}
              </td>
              <td>
                <Pill tone={STATUS_TONES[attendee.status]}>{t.dashboard.desk.statuses[attendee.status]}</Pill>
              </td>
              <td data-label={words.checkedIn}>
                {attendee.checked_in_at ? (
                  <time dateTime={attendee.checked_in_at}>
                    {format.dateTime(attendee.checked_in_at, timeZone)}
                  </time>
                ) : (
                  <span className="muted">{words.notYet}</span>
                )}
              </td>
              {canMail && (
                <td data-label={t.dashboard.mail.desk.column}>
                  <MailCell
                    mail={attendee.mail}
                    timeZone={timeZone}
                    eventId={eventId}
                    attendee={attendee}
                    onOutcome={onOutcome}
                  />
                </td>
              )}
              <td>
                <RowActions
                  eventId={eventId}
                  attendee={attendee}
                  canMail={canMail}
                  timeZone={timeZone}
                  fields={fields}
                  onOutcome={onOutcome}
                  onPrintBadge={onPrintBadge}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
