import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownCancelRefusal } from '../attendees/refusals.http.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { messageBody } from '../platform/schemas.ts';
import { presentTicket } from './ticket.presenters.ts';
import type { Ticket } from './ticket.types.ts';
import { ticketEmailBody, ticketEmailResponse, ticketParams, ticketResponse } from './ticket.schemas.ts';

const tags = ['Tickets'];

const notFound = { 404: [messages.ticketNotFound] } as const;

/**
 * A registration's ticket, opened by its secret: what the ticket page (`/t/{secret}`) shows, its calendar file,
 * and cancelling it. A malformed, unknown or wrong secret all answer the same 404. Every answer carries
 * `Referrer-Policy: no-referrer`, `X-Robots-Tag: noindex` and `Cache-Control: no-store` (ticket.http.ts), and the
 * ticket limit counts them per IP.
 */
export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tickets, brand, mail } = app.ctx;
  /** What the page says of the ticket's mail: whether it went from here, and until when its address may change. */
  const mailOf = (ticket: Ticket) => ({
    correctableUntil: tickets.emailCorrectionDeadline(ticket),
    mailed: mail.mailsFor(ticket.event) && mail.settingsOf(ticket.event.organizationId) !== null,
  });

  app.get(
    '/public/tickets/:secret',
    {
      schema: {
        tags,
        summary: 'A ticket: the registration, its check-in code for the QR, the event in its own time zone',
        params: ticketParams,
        response: { 200: ticketResponse, ...refusals(notFound) },
      },
    },
    async function showTicket(request) {
      const ticket = tickets.findTicket(request.params.secret);
      if (!ticket) throw new HttpError(404, messages.ticketNotFound);
      return {
        data: presentTicket(ticket, brand.brandOf(ticket.event), request.params.secret, mailOf(ticket)),
      };
    },
  );

  app.get(
    '/public/tickets/:secret/event.ics',
    {
      schema: {
        tags,
        summary: 'The ticket as a calendar entry (RFC 5545)',
        description:
          "The event's name, times (UTC), place and description, and the ticket's link; the entry's UID is the " +
          "registration's, so adding it again updates it.",
        params: ticketParams,
        response: {
          200: {
            description: 'An iCalendar file, `event.ics`.',
            content: { 'text/calendar': { schema: z.string() } },
          },
          ...refusals({ 404: [messages.ticketNotFound, messages.eventHasNoDate] }),
        },
      },
    },
    async function downloadTicketCalendar(request, reply) {
      const ics = tickets.calendarOf(
        request.params.secret,
        (ticket) =>
          mail.settingsOf(ticket.event.organizationId)?.publicUrl ?? `${request.protocol}://${request.host}`,
      );
      if (ics === null) throw new HttpError(404, messages.ticketNotFound);
      if (ics === 'no_date') throw new HttpError(404, messages.eventHasNoDate);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="event.ics"')
        .send(ics);
    },
  );

  app.patch(
    '/public/tickets/:secret',
    {
      schema: {
        tags,
        summary: "Correct my ticket's email address",
        description:
          'For a day after registering (`email_correctable_until`): the edit of the desk and the token API, checked ' +
          'as registration checks an email (one live registration per address). The ticket goes to the new ' +
          'address; mail still waiting for the old one is not sent.',
        params: ticketParams,
        body: ticketEmailBody,
        response: {
          200: ticketEmailResponse,
          ...refusals(notFound, {
            403: [messages.ticketEmailLocked],
            422: [messages.validationFailed, messages.cannotEditCancelled],
          }),
        },
      },
    },
    async function correctTicketEmail(request) {
      const outcome = tickets.correctEmail(request.params.secret, request.body);
      if (!outcome.ok) {
        if (outcome.reason === 'ticket_not_found') throw new HttpError(404, messages.ticketNotFound);
        if (outcome.reason === 'too_late') throw new HttpError(403, messages.ticketEmailLocked);
        if (outcome.reason === 'canceled') throw new HttpError(422, messages.cannotEditCancelled);
        if (outcome.reason === 'invalid')
          throw new ValidationError(outcome.errors, messages.validationFailed);
      }
      const ticket = tickets.findTicket(request.params.secret)!;
      return {
        message: messages.ticketEmailUpdated,
        data: presentTicket(ticket, brand.brandOf(ticket.event), request.params.secret, mailOf(ticket)),
      };
    },
  );

  app.post(
    '/public/tickets/:secret/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel my registration, with its ticket',
        description:
          'The rules, answers, webhooks and sync of public cancel: refused once checked in or already cancelled.',
        params: ticketParams,
        response: {
          200: messageBody,
          ...refusals(notFound, { 422: [messages.cannotCancelAfterCheckIn, messages.alreadyCancelled] }),
        },
      },
    },
    async function cancelWithTicket(request) {
      const outcome = tickets.cancelByTicket(request.params.secret);
      if (!outcome.ok) {
        if (outcome.reason === 'ticket_not_found') throw new HttpError(404, messages.ticketNotFound);
        throw ownCancelRefusal(outcome.reason);
      }
      return { message: messages.cancelled };
    },
  );
};
