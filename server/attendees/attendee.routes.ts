import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NoShowRefusal } from './attendee.rules.ts';
import { tokenCoversEvent } from '../access/api-token.rules.ts';
import type { AttendeeRecord, EventRecord } from '../platform/types.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { eventForToken, tokenOf } from '../access/token-auth.http.ts';
import {
  attendeeListQuery,
  attendeeListResponse,
  attendeeParams,
  attendeeSchema,
  bulkNoShowBody,
  bulkNoShowResponse,
  MAX_BULK_ATTENDEE_IDS,
  presentAttendee,
} from './attendee.schemas.ts';
import { errorResponses, messageBody, uuidParam } from '../platform/schemas.ts';

const tags = ['Attendees'];

const noShowRefusalMessage: Record<NoShowRefusal, string> = {
  already_checked_in: messages.cannotMarkNoShow,
  registration_canceled: messages.cannotMarkCancelledNoShow,
};

const bulkReason: Record<NoShowRefusal | 'not_found', string> = {
  not_found: messages.bulkReasonNotFound,
  already_checked_in: messages.bulkReasonCheckedIn,
  registration_canceled: messages.bulkReasonCancelled,
};

/** Token-authenticated attendee management: lookup, list, cancel, no-show (single and bulk). */
export const attendeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, attendees } = app.ctx;

  /** The attendee of `event`; an attendee of any other event is not found here. */
  function attendeeInEvent(event: EventRecord, attendeeUuid: string): AttendeeRecord {
    const attendee = repos.attendees.findByUuid(attendeeUuid);
    if (!attendee || attendee.eventId !== event.id) throw new HttpError(404, messages.attendeeNotFound);
    return attendee;
  }

  app.get(
    '/api/attendees/:id',
    {
      config: { scope: 'attendees:read' },
      schema: {
        tags,
        summary: 'Look up an attendee (the redirect integration)',
        params: z.object({ id: uuidParam('Attendee UUID') }),
        response: { 200: z.object({ data: attendeeSchema }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const token = tokenOf(request);
      const attendee = repos.attendees.findByUuid(request.params.id);
      const event = attendee ? repos.events.findById(attendee.eventId) : null;
      if (!attendee || !event || event.organizationId !== token.organizationId) {
        throw new HttpError(404, messages.attendeeNotFound);
      }
      if (!tokenCoversEvent(token, event.uuid)) throw new HttpError(403, messages.accessDenied);
      return { data: presentAttendee(attendee, event) };
    },
  );

  app.get(
    '/api/events/:event_id/attendees',
    {
      config: { scope: 'attendees:read' },
      schema: {
        tags,
        summary: "List an event's attendees",
        params: z.object({ event_id: uuidParam('Event UUID') }),
        querystring: attendeeListQuery,
        response: { 200: attendeeListResponse, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const event = eventForToken(app, request, request.params.event_id);
      const { page, per_page: perPage, status, email, q } = request.query;
      const { items, total } = repos.attendees.list(
        event.id,
        { status, email: email || undefined, q: q || undefined },
        { limit: perPage, offset: (page - 1) * perPage },
      );
      return {
        data: items.map((attendee) => presentAttendee(attendee, event)),
        meta: { total, page, per_page: perPage },
      };
    },
  );

  app.post(
    '/api/events/:event_id/attendees/:attendee_id/cancel',
    {
      config: { scope: 'attendees:write' },
      schema: {
        tags,
        summary: 'Cancel an attendee',
        params: attendeeParams,
        response: { 200: messageBody, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const event = eventForToken(app, request, request.params.event_id);
      const outcome = attendees.cancel(event, attendeeInEvent(event, request.params.attendee_id));
      if (!outcome.ok) {
        if (outcome.reason === 'already_canceled') throw new HttpError(422, messages.alreadyCancelled);
        if (outcome.reason === 'already_checked_in') throw new HttpError(422, messages.staffCannotCancel);
        throw new HttpError(404, messages.attendeeNotFound);
      }
      return { message: messages.staffCancelled };
    },
  );

  app.post(
    '/api/events/:event_id/attendees/:attendee_id/no-show',
    {
      config: { scope: 'attendees:write' },
      schema: {
        tags,
        summary: 'Mark an attendee as no-show',
        params: attendeeParams,
        response: {
          200: z.object({
            message: z.string(),
            data: z.object({ id: z.string(), status: z.literal('no_show') }),
          }),
          ...errorResponses(401, 403, 404, 422, 429),
        },
      },
    },
    async (request) => {
      const event = eventForToken(app, request, request.params.event_id);
      const outcome = attendees.markNoShow(event, attendeeInEvent(event, request.params.attendee_id));
      if (!outcome.ok) throw new HttpError(422, noShowRefusalMessage[outcome.reason]);
      return {
        message: messages.markedNoShow,
        data: { id: outcome.attendee.uuid, status: 'no_show' as const },
      };
    },
  );

  app.post(
    '/api/events/:event_id/attendees/bulk-no-show',
    {
      config: { scope: 'attendees:write' },
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'Mark many attendees as no-show',
        description: `At most ${MAX_BULK_ATTENDEE_IDS} ids per request; repeated ids count once.`,
        params: z.object({ event_id: uuidParam('Event UUID') }),
        body: bulkNoShowBody,
        response: { 200: bulkNoShowResponse, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const event = eventForToken(app, request, request.params.event_id);
      const { successCount, failed } = attendees.bulkMarkNoShow(event, request.body.attendee_ids);
      return {
        message: messages.bulkNoShowDone,
        success_count: successCount,
        failed_count: failed.length,
        ...(failed.length > 0
          ? { failed: failed.map((f) => ({ id: f.id, reason: bulkReason[f.reason] })) }
          : {}),
      };
    },
  );
};
