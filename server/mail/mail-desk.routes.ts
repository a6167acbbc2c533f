import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffCaller } from '../access/caller.http.ts';
import { attendeeParams, eventParams } from '../attendees/attendee.schemas.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import type { MailRefusal } from './mail.service.ts';
import { presentMail, presentMailJob, presentRecipientCaps } from './mail.presenters.ts';
import {
  attendeeMailResponse,
  eventMailResponse,
  mailLimitsBody,
  mailLimitsResponse,
  resendResponse,
  retryResponse,
  sendTicketsResponse,
} from './mail.schemas.ts';

const tags = ['Dashboard: attendee desk'];
const eventRefusals = staffCaller.eventRefusals;

const mailRefusal = (reason: MailRefusal) =>
  new HttpError(409, reason === 'not_configured' ? messages.mailNotConfigured : messages.mailNotSentHere);

/**
 * The desk's mail: where an event's mail stands, each registration's mails, "Resend ticket", and "Send tickets" to
 * everyone not yet sent one. Mounted on hubs only: a replica kiosk forwards these to its hub, which mails.
 */
export const mailDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mail, attendees } = app.ctx;

  const eventOf = (request: Parameters<typeof staffCaller.eventOf>[1], uuid: string) =>
    staffCaller.eventOf(app, request, uuid);

  function attendeeOf(
    request: Parameters<typeof staffCaller.eventOf>[1],
    eventId: string,
    attendeeId: string,
  ) {
    const event = eventOf(request, eventId);
    const attendee = attendees.findAttendeeInEvent(event, attendeeId);
    if (!attendee) throw new HttpError(404, messages.attendeeNotFound);
    return { event, attendee };
  }

  app.get(
    '/events/:event_id/mail',
    {
      schema: {
        tags,
        summary:
          "Where the event's mail stands: counts, who was never sent a ticket, the latest Send tickets job",
        params: eventParams,
        response: { 200: eventMailResponse, ...refusals(eventRefusals) },
      },
    },
    async function showEventMail(request) {
      const overview = mail.eventOverview(eventOf(request, request.params.event_id));
      return {
        data: {
          configured: overview.configured,
          sent_here: overview.sentHere,
          counts: {
            queued: overview.counts.queued,
            sent: overview.counts.sent,
            failed: overview.counts.failed,
            suppressed: overview.counts.suppressed,
            not_sent: overview.counts.notSent,
          },
          people: overview.people,
          job: overview.job && presentMailJob(overview.job),
          limits: presentRecipientCaps(overview.caps),
        },
      };
    },
  );

  app.get(
    '/events/:event_id/mail/attendees/:attendee_id',
    {
      schema: {
        tags,
        summary: "A registration's mails, newest first: queued, sent at, failed and why",
        params: attendeeParams,
        response: {
          200: attendeeMailResponse,
          ...refusals(eventRefusals, { 404: [messages.attendeeNotFound] }),
        },
      },
    },
    async function listAttendeeMail(request) {
      const { attendee } = attendeeOf(request, request.params.event_id, request.params.attendee_id);
      return { data: mail.mailsOf(attendee).map(presentMail) };
    },
  );

  app.post(
    '/events/:event_id/mail/attendees/:attendee_id/resend',
    {
      schema: {
        tags,
        summary: 'Resend the ticket (the same link and code) as a new mail',
        params: attendeeParams,
        response: {
          202: resendResponse,
          ...refusals(eventRefusals, {
            404: [messages.attendeeNotFound],
            409: [messages.mailNotConfigured, messages.mailNotSentHere],
            422: [messages.resendCancelled, messages.resendPending],
            429: [messages.tooManyResends],
          }),
        },
      },
    },
    async function resendTicket(request, reply) {
      const { event, attendee } = attendeeOf(request, request.params.event_id, request.params.attendee_id);
      const outcome = mail.resendTicket(event, attendee);
      if (!outcome.ok) {
        if (outcome.reason === 'canceled') throw new HttpError(422, messages.resendCancelled);
        if (outcome.reason === 'pending') throw new HttpError(422, messages.resendPending);
        if (outcome.reason === 'too_many') {
          reply.header('retry-after', outcome.retryAfterSeconds);
          throw new HttpError(429, messages.tooManyResends);
        }
        throw mailRefusal(outcome.reason);
      }
      reply.code(202);
      return { message: messages.ticketQueued, data: presentMail(outcome.mail) };
    },
  );

  app.post(
    '/events/:event_id/mail/attendees/:attendee_id/retry',
    {
      schema: {
        tags,
        summary: "Retry now: the registration's waiting mails go now instead of when the retry schedule says",
        params: attendeeParams,
        response: {
          202: retryResponse,
          ...refusals(eventRefusals, {
            404: [messages.attendeeNotFound],
            409: [messages.mailNotConfigured, messages.mailNotSentHere, messages.nothingWaiting],
          }),
        },
      },
    },
    async function retryAttendeeMail(request, reply) {
      const { event, attendee } = attendeeOf(request, request.params.event_id, request.params.attendee_id);
      const outcome = mail.retryAttendee(event, attendee);
      if (!outcome.ok) {
        if (outcome.reason === 'nothing_waiting') throw new HttpError(409, messages.nothingWaiting);
        throw mailRefusal(outcome.reason);
      }
      reply.code(202);
      return { message: messages.mailRetrying(outcome.waiting), data: { waiting: outcome.waiting } };
    },
  );

  app.put(
    '/events/:event_id/mail/limits',
    {
      config: { access: 'owner' as const },
      schema: {
        tags: ['Dashboard: events'],
        summary: 'How many mails one address may get about the event, an hour and a day (owners)',
        description:
          'Mail to one address about one event is capped (3 an hour and 10 a day unless raised here), counting ' +
          'tickets, cancellations, resends and test emails: a mail over the cap is not sent and shows as ' +
          '`suppressed` on the desk, with its reason.',
        params: eventParams,
        body: mailLimitsBody,
        response: { 200: mailLimitsResponse, ...refusals(eventRefusals) },
      },
    },
    async function setMailLimits(request) {
      const event = eventOf(request, request.params.event_id);
      const caps = mail.setCaps(event, {
        perHour: request.body.per_address_per_hour,
        perDay: request.body.per_address_per_day,
      });
      return { data: presentRecipientCaps(caps) };
    },
  );

  app.post(
    '/events/:event_id/mail/send-tickets',
    {
      schema: {
        tags,
        summary: 'Send tickets to every confirmed registration not yet sent one, as a background job',
        description:
          'Queues a ticket for each confirmed registration not checked in and never sent one (after an import), ' +
          "sent at the pace the organization's mail server allows. `GET .../mail` shows the job's progress.",
        params: eventParams,
        response: {
          202: sendTicketsResponse,
          ...refusals(eventRefusals, {
            409: [
              messages.mailNotConfigured,
              messages.mailNotSentHere,
              messages.mailJobRunning,
              messages.nothingToSend,
            ],
          }),
        },
      },
    },
    async function sendTickets(request, reply) {
      const outcome = mail.sendTickets(eventOf(request, request.params.event_id));
      if (!outcome.ok) {
        if (outcome.reason === 'job_running') throw new HttpError(409, messages.mailJobRunning);
        if (outcome.reason === 'nothing_to_send') throw new HttpError(409, messages.nothingToSend);
        throw mailRefusal(outcome.reason);
      }
      reply.code(202);
      return { message: messages.ticketsQueued(outcome.job.total), data: presentMailJob(outcome.job) };
    },
  );
};
