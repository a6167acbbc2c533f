/**
 * A write's answer shows the attendee's row as the write left it, built from the rows the ledger just wrote rather
 * than read back (attendees/ledger.service.ts `rowAfter`): it must be exactly what reading the row gives, the
 * organization's user of that email included.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AttendeeRecord } from '../../server/attendees/attendee.types.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { createUser, startWithEvent, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let org: Organization;
let event: EventRecord;

beforeEach(async () => {
  ({ t, org, event } = await startWithEvent({ checkin_period_type: 'immediate' }));
});
afterEach(() => t.close());

/** Every field of a record, `answers` (a getter) included. */
const fieldsOf = (attendee: AttendeeRecord) => ({ ...attendee, answers: attendee.answers });
const readBack = (uuid: string) => fieldsOf(t.app.ctx.attendees.findAttendee(uuid)!);

function register(email: string, lastName = 'Lovelace'): AttendeeRecord {
  const outcome = t.app.ctx.registrations.registerAttendee(event, {
    email,
    first_name: 'Ada',
    last_name: lastName,
  });
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.attendee;
}

it('a registration of an email the organization has a user of answers its row with that user', () => {
  const user = createUser(t.app, org, { email: 'ada@example.com' });
  const attendee = register('ada@example.com');
  expect(attendee.userId).toBe(user.id);
  expect(fieldsOf(attendee)).toEqual(readBack(attendee.uuid));
  const stranger = register('grace@example.com', 'Hopper');
  expect(stranger.userId).toBeNull();
  expect(fieldsOf(stranger)).toEqual(readBack(stranger.uuid));
});

it('a check-in, an undo and a list scan answer the row as reading it back gives it', () => {
  createUser(t.app, org, { email: 'ada@example.com' });
  const attendee = register('ada@example.com');
  const checkedIn = t.app.ctx.attendees.selfCheckIn(event, 'ada@example.com');
  if (!checkedIn.ok) throw new Error(checkedIn.reason);
  expect(checkedIn.attendee.checkedInAt).not.toBeNull();
  expect(fieldsOf(checkedIn.attendee)).toEqual(readBack(attendee.uuid));

  const undone = t.app.ctx.attendees.undoCheckIn(event, checkedIn.attendee);
  if (!undone.ok) throw new Error(undone.reason);
  expect(fieldsOf(undone.attendee)).toEqual(readBack(attendee.uuid));

  const main = t.app.ctx.lists.findList(event, t.app.ctx.lists.listViews(event)[0]!.list.uuid)!;
  const scanned = t.app.ctx.lists.scan(event, main, {
    target: { attendeeId: attendee.uuid },
    direction: 'entry',
    force: false,
    via: 'desk',
    staff: null,
  });
  if ('refused' in scanned) throw new Error(scanned.refused);
  expect(scanned.accepted).toBe(true);
  expect(fieldsOf(scanned.attendee!)).toEqual(readBack(attendee.uuid));
});
