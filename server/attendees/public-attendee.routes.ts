import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SelfCheckInRefusal } from './attendee.rules.ts';
import { formatHumanDateTime } from '../platform/time.ts';
import type { EventRecord } from '../platform/types.ts';
import { fieldMessage } from '../platform/field-errors.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { errorResponses, fitsEmailInput, messageBody } from '../platform/schemas.ts';
import {
  checkInResponse,
  checkQuery,
  checkResponse,
  emailBody,
  presentCheckedAttendee,
  presentPublicEvent,
  publicEventSchema,
  registerResponse,
  registrationBody,
} from './public-attendee.schemas.ts';

const params = z.object({ uuid: z.string().max(64).meta({ description: 'Event UUID' }) });
const tags = ['Public events'];

/** The registration page and self-service kiosk endpoints: no credentials, 60 requests a minute per IP. */
export const publicEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, clock, attendees } = app.ctx;
  app.addHook('onRequest', app.limiterFor('publicEvents'));

  /** Unpublished events do not exist for the public. */
  function publishedEvent(uuid: string, notFoundMessage: string): EventRecord {
    const event = repos.events.findByUuid(uuid);
    if (!event || !event.isPublished) throw new HttpError(404, notFoundMessage);
    return event;
  }

  app.get(
    '/public/events/:uuid',
    {
      schema: {
        tags,
        summary: 'Event details for the registration page',
        params,
        response: { 200: z.object({ data: publicEventSchema }), ...errorResponses(404, 429) },
      },
    },
    async (request) => {
      const event = publishedEvent(request.params.uuid, messages.eventNotAvailable);
      const organization = repos.organizations.findById(event.organizationId)!;
      return { data: presentPublicEvent(event, organization, clock.now()) };
    },
  );

  app.post(
    '/public/events/:uuid/register',
    {
      schema: {
        tags,
        summary: 'Register for an event',
        params,
        body: registrationBody,
        response: { 201: registerResponse, ...errorResponses(403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const event = publishedEvent(request.params.uuid, messages.eventNotFound);
      const outcome = attendees.register(event, request.body);
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
        data: {
          id: attendee.id,
          email: attendee.email,
          name: attendee.name,
          status: attendee.status,
          is_guest: outcome.isGuest,
        },
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
        response: { 200: checkResponse, ...errorResponses(404, 422, 429) },
      },
    },
    async (request) => {
      const event = publishedEvent(request.params.uuid, messages.eventNotFound);
      const email = request.query.email?.trim() ?? '';
      if (email === '')
        throw new ValidationError({ email: [fieldMessage.required('email')] }, messages.emailRequired);
      if (!fitsEmailInput(email)) {
        throw new ValidationError({ email: [fieldMessage.email('email')] }, messages.validationFailed);
      }
      const attendee = repos.attendees.findForEmail(event.id, email);
      const live = attendee && attendee.status !== 'canceled' ? attendee : null;
      return { data: { is_registered: live !== null, attendee: live ? presentCheckedAttendee(live) : null } };
    },
  );

  const checkInRefusals: Record<Exclude<SelfCheckInRefusal, 'already_checked_in'>, [number, string]> = {
    checkin_not_available: [403, messages.checkInNotAvailable],
    self_checkin_disabled: [403, messages.selfCheckInDisabled],
    not_registered: [404, messages.notRegistered],
    registration_canceled: [403, messages.checkInCanceled],
    approval_pending: [403, messages.checkInPendingApproval],
  };

  app.post(
    '/public/events/:uuid/check-in',
    {
      schema: {
        tags,
        summary: 'Self check-in by email',
        params,
        body: emailBody,
        response: { 200: checkInResponse, ...errorResponses(403, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const event = publishedEvent(request.params.uuid, messages.eventNotFound);
      const outcome = attendees.selfCheckIn(event, request.body.email);
      if (!outcome.ok) {
        if (outcome.reason === 'already_checked_in') {
          const when = formatHumanDateTime(outcome.attendee!.checkedInAt!, event.timezone);
          throw new HttpError(409, messages.alreadyCheckedInAt(when));
        }
        const [status, message] = checkInRefusals[outcome.reason];
        throw new HttpError(status, message);
      }
      const { attendee } = outcome;
      return {
        message: messages.checkedIn,
        data: {
          id: attendee.id,
          email: attendee.email,
          name: attendee.name,
          checked_in_at: attendee.checkedInAt!,
        },
      };
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
        response: { 200: messageBody, ...errorResponses(404, 422, 429) },
      },
    },
    async (request) => {
      const event = publishedEvent(request.params.uuid, messages.eventNotFound);
      const outcome = attendees.cancel(event, repos.attendees.findForEmail(event.id, request.body.email));
      if (!outcome.ok) {
        switch (outcome.reason) {
          case 'not_registered':
            throw new HttpError(404, messages.notRegistered);
          case 'already_checked_in':
            throw new HttpError(422, messages.cannotCancelAfterCheckIn);
          case 'already_canceled':
            throw new HttpError(422, messages.alreadyCancelled);
        }
      }
      return { message: messages.cancelled };
    },
  );
};
