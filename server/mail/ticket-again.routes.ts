import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailBody } from '../attendees/public-attendee.schemas.ts';
import { eventRefusals, publishedEventOf } from '../attendees/public-attendee.routes.ts';
import { publicEventParams } from '../events/public-event.routes.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { messageBody } from '../platform/schemas.ts';

/**
 * The event page's "Send my ticket again", offered where a registration answers that the address is already
 * registered. Anyone may ask it for any address, so its answer is one and the same whatever the address (registered
 * or not, mailed or not): it tells nobody who is registered. It counts in the public writes' budget
 * (access/rate-limits.ts), and the mail goes to the registration's own address, under its caps.
 */
export const ticketAgainRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mail } = app.ctx;

  app.post(
    '/public/events/:uuid/ticket-again',
    {
      schema: {
        tags: ['Public events'],
        summary: 'Send my ticket again, to the registered address',
        description:
          'Mails the ticket of the registration of `email` again (or its "awaiting approval" mail), to that ' +
          'address only, within its mail limits. 202 with the same message whatever the address, registered or ' +
          'not: it cannot tell who is registered.',
        params: publicEventParams,
        body: emailBody,
        response: { 202: messageBody, ...refusals(eventRefusals) },
      },
    },
    async function sendTicketAgain(request, reply) {
      mail.sendTicketAgain(publishedEventOf(app, request.params.uuid), request.body.email);
      reply.code(202);
      return { message: messages.ticketAgainQueued };
    },
  );
};
