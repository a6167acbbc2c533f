import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventRecord } from '../events/event.types.ts';
import { publicEventParams } from '../events/public-event.routes.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { messageBody } from '../platform/schemas.ts';
import { presentCheckedAttendee, presentCheckIn, presentRegistration } from './attendee.presenters.ts';
import {
  checkInResponse,
  checkQuery,
  checkResponse,
  emailBody,
  registerResponse,
  registrationBody,
} from './public-attendee.schemas.ts';
import {
  ownCancelRefusal,
  ownCancelRefusals,
  selfCheckInRefusal,
  selfCheckInRefusals,
} from './refusals.http.ts';

const tags = ['Public events'];
const params = publicEventParams;
/** `publishedEvent` */
const eventRefusals = { 404: [messages.eventNotFound] } as const;

/** The self-service endpoints of a registration page or a kiosk: register, am I registered, check in, cancel. */
export const publicAttendeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { events, registrations, attendees } = app.ctx;

  /** Unpublished events do not exist for the public. */
  function publishedEvent(uuid: string): EventRecord {
    const event = events.findPublishedEvent(uuid);
    if (!event) throw new HttpError(404, messages.eventNotFound);
    return event;
  }

  app.post(
    '/public/events/:uuid/register',
    {
      schema: {
        tags,
        summary: 'Register for an event',
        params,
        body: registrationBody,
        response: {
          201: registerResponse,
          ...refusals(eventRefusals, {
            403: [messages.registrationClosed],
            409: [messages.alreadyRegistered],
            422: [messages.validationFailed],
          }),
        },
      },
    },
    async function registerForEvent(request, reply) {
      const event = publishedEvent(request.params.uuid);
      const outcome = registrations.registerAttendee(event, request.body);
      if (!outcome.ok) {
        switch (outcome.reason) {
          case 'registration_closed':
            throw new HttpError(403, messages.registrationClosed);
          case 'invalid':
            throw new ValidationError(outcome.errors, messages.validationFailed);
          case 'already_registered':
            throw new HttpError(409, messages.alreadyRegistered);
        }
      }
      const { attendee } = outcome;
      reply.code(201);
      return {
        message: attendee.status === 'pending' ? messages.registeredPendingApproval : messages.registered,
        data: presentRegistration(attendee, outcome.isGuest),
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
        params,
        body: emailBody,
        response: { 200: checkInResponse, ...refusals(eventRefusals, selfCheckInRefusals) },
      },
    },
    async function selfCheckIn(request) {
      const event = publishedEvent(request.params.uuid);
      const outcome = attendees.selfCheckIn(event, request.body.email);
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
