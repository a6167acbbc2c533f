import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventRecord } from '../events/event.types.ts';
import { publicEventParams } from '../events/public-event.routes.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { messageBody } from '../platform/schemas.ts';
import { languageOf, ticketPagePath } from '../tickets/ticket.rules.ts';
import { presentCheckedAttendee, presentCheckIn, presentRegistration } from './attendee.presenters.ts';
import {
  checkInResponse,
  checkQuery,
  checkResponse,
  emailBody,
  registerResponse,
  registeredHeaders,
  registrationBody,
} from './public-attendee.schemas.ts';
import {
  ownCancelRefusal,
  ownCancelRefusals,
  registeredMessage,
  registrationRefusal,
  registrationRefusals,
  selfCheckInRefusal,
  selfCheckInRefusals,
} from './refusals.http.ts';
import { IDEMPOTENCY_NOTE, idempotencyKeyOf } from '../failover/idempotency.http.ts';

const tags = ['Public events'];
const params = publicEventParams;
/** What `publishedEventOf` refuses. */
export const eventRefusals = { 404: [messages.eventNotFound] } as const;

/** The event of a public or kiosk path; unpublished events do not exist for the public. */
export function publishedEventOf(app: FastifyInstance, uuid: string): EventRecord {
  const event = app.ctx.events.findPublishedEvent(uuid);
  if (!event) throw new HttpError(404, messages.eventNotFound);
  return event;
}

/** The self-service endpoints of a registration page or a kiosk: register, am I registered, check in, cancel. */
export const publicAttendeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registrations, attendees } = app.ctx;
  const publishedEvent = (uuid: string) => publishedEventOf(app, uuid);

  app.post(
    '/public/events/:uuid/register',
    {
      schema: {
        tags,
        summary: 'Register for an event',
        description:
          "The 201 carries `Location: /t/{secret}`, the registration's ticket page. `Accept-Language` sets the " +
          'language of its mail and ticket (English or French; English when it names neither).',
        params,
        body: registrationBody,
        statusHeaders: registeredHeaders,
        response: {
          201: registerResponse,
          ...refusals(eventRefusals, registrationRefusals),
        },
      },
    },
    async function registerForEvent(request, reply) {
      const event = publishedEvent(request.params.uuid);
      const outcome = registrations.registerAttendee(event, request.body, {
        language: languageOf(request.headers['accept-language']),
        door: 'public',
      });
      if (!outcome.ok) throw registrationRefusal(outcome);
      reply.code(201);
      // The body keeps the interface's exact shape: the ticket's page is named by the header (server/README.md).
      reply.header('location', ticketPagePath(outcome.ticketSecret));
      return {
        message: registeredMessage(outcome.attendee),
        data: presentRegistration(outcome.attendee, outcome.isGuest),
        ...(outcome.redirectUrl ? { redirect_url: outcome.redirectUrl } : {}),
      };
    },
  );

  app.get(
    '/public/events/:uuid/check',
    {
      schema: {
        tags,
        summary: 'Is this email registered?',
        params,
        querystring: checkQuery,
        response: {
          200: checkResponse,
          ...refusals(eventRefusals, { 422: [messages.emailRequired, messages.validationFailed] }),
        },
      },
      config: {
        validationMessage: (errors) =>
          errors.email?.includes(fieldMessage.required('email'))
            ? messages.emailRequired
            : messages.validationFailed,
      },
    },
    async function checkRegistration(request) {
      const event = publishedEvent(request.params.uuid);
      // The live registration, else the latest cancelled one: a cancelled registration is shown as cancelled.
      const attendee = attendees.findRegistration(event, request.query.email);
      return {
        data: {
          is_registered: attendee !== null,
          attendee: attendee ? presentCheckedAttendee(attendee) : null,
        },
      };
    },
  );

  app.post(
    '/public/events/:uuid/check-in',
    {
      schema: {
        tags,
        summary: 'Self check-in by email',
        description: `Checks the registration of the email in.${IDEMPOTENCY_NOTE}`,
        params,
        body: emailBody,
        response: { 200: checkInResponse, ...refusals(eventRefusals, selfCheckInRefusals) },
      },
    },
    async function selfCheckIn(request) {
      const event = publishedEvent(request.params.uuid);
      const outcome = attendees.selfCheckIn(event, request.body.email, {
        idempotencyKey: idempotencyKeyOf(request),
      });
      if (!outcome.ok) throw selfCheckInRefusal(outcome.reason, outcome.attendee, event);
      return { message: messages.checkedIn, data: presentCheckIn(outcome.attendee) };
    },
  );

  app.post(
    '/public/events/:uuid/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel my registration',
        params,
        body: emailBody,
        response: { 200: messageBody, ...refusals(eventRefusals, ownCancelRefusals) },
      },
    },
    async function cancelOwnRegistration(request) {
      const event = publishedEvent(request.params.uuid);
      const outcome = attendees.cancelOwnRegistration(event, request.body.email);
      if (!outcome.ok) throw ownCancelRefusal(outcome.reason);
      return { message: messages.cancelled };
    },
  );
};
