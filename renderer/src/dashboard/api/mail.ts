import { answer, api } from '../../shared/api/client.ts';
import type { RequestBody, Schema } from '../../shared/api/types.ts';

/**
 * Email (server/mail/): the organization's mail server, for owners, and an event's mail on the desk: each
 * registration's mails, Resend ticket, and Send tickets to everyone not yet sent one.
 */

export type MailSettings = Schema<'MailSettings'>;
export type MailSettingsInput = RequestBody<'/dashboard/api/mail-settings', 'put'>;
export type TestMailResult = Schema<'TestMailResult'>;
export type EventMail = Schema<'EventMail'>;
export type MailJob = Schema<'MailJob'>;
export type DeskMail = Schema<'DeskMail'>;
export type MailLimits = Schema<'MailLimits'>;

const event = (eventId: string) => ({ params: { path: { event_id: eventId } } });

export const mailApi = {
  /** Null until the organization has set up its mail server. */
  settings: (signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/mail-settings', { signal })).then((r) => r.data),

  save: (settings: MailSettingsInput) =>
    answer(api.PUT('/dashboard/api/mail-settings', { body: settings })).then((r) => r.data),

  remove: () => answer(api.DELETE('/dashboard/api/mail-settings', {})),

  /** Answers 200 whether or not the mail server took it: `data.sent` says which, `data.reply` what it said. */
  sendTest: (to: string) => answer(api.POST('/dashboard/api/mail-settings/test', { body: { to } })),

  /** Whether and from where this event is mailed, its counts, and the latest Send tickets job. */
  eventMail: (eventId: string, signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/events/{event_id}/mail', { ...event(eventId), signal })).then(
      (r) => r.data,
    ),

  /** How many mails one address may get about the event (owners raise them in the event editor). */
  setLimits: (eventId: string, limits: MailLimits) =>
    answer(api.PUT('/dashboard/api/events/{event_id}/mail/limits', { ...event(eventId), body: limits })).then(
      (r) => r.data,
    ),

  sendTickets: (eventId: string) =>
    answer(api.POST('/dashboard/api/events/{event_id}/mail/send-tickets', event(eventId))),

  /** Retry now: the person's waiting mails go at once instead of when the retry schedule says. */
  retryAttendee: (eventId: string, attendeeId: string) =>
    answer(
      api.POST('/dashboard/api/events/{event_id}/mail/attendees/{attendee_id}/retry', {
        params: { path: { event_id: eventId, attendee_id: attendeeId } },
      }),
    ),

  /** Retry now on the Email page: every mail that waits goes at once. */
  retryWaiting: () => answer(api.POST('/dashboard/api/mail-settings/outbox/retry', {})),

  resendTicket: (eventId: string, attendeeId: string) =>
    answer(
      api.POST('/dashboard/api/events/{event_id}/mail/attendees/{attendee_id}/resend', {
        params: { path: { event_id: eventId, attendee_id: attendeeId } },
      }),
    ),
};
