import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Caller } from '../access/caller.http.ts';
import { tokenCoversEvent } from '../access/api-token.rules.ts';
import { tokenCaller } from '../access/caller.http.ts';
import { tokenOf } from '../access/token-auth.http.ts';
import type { EventRecord } from '../events/event.types.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { staffCaller } from '../access/caller.http.ts';
import { staffOf } from '../access/session-auth.http.ts';
import type { EditBy } from './attendee.service.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { messageBody, uuidParam } from '../platform/schemas.ts';
import { presentAttendee, presentListedAttendee } from './attendee.presenters.ts';
import { MAX_BULK_ATTENDEE_IDS } from './attendee.rules.ts';
import {
  attendeeListQuery,
  attendeeListResponse,
  attendeeParams,
  attendeeSchema,
  bulkNoShowBody,
  editAttendeeBody,
  editAttendeeResponse,
  bulkNoShowResponse,
  eventParams,
  noShowResponse,
} from './attendee.schemas.ts';
import type { AttendeeRecord } from './attendee.types.ts';
import {
  noShowRefusal,
  noShowRefusals,
  presentBulkFailures,
  staffCancelRefusal,
  staffCancelRefusals,
} from './refusals.http.ts';

/**
 * Cancel and no-show of one attendee, the same for the token API (`/api/events/{event_id}/attendees/...`) and the
 * desk: the interface's answers, with the caller's access rules.
 */
export function attendeeActionRoutes(caller: Caller): FastifyPluginAsyncZod {
  const tags = [caller.tag('Attendees')];
  const config = caller.access({ scope: 'attendees:write', role: 'staff' });
  const base = `${caller.basePath}/events/:event_id/attendees/:attendee_id`;
  /** What `attendeeOf` refuses. */
  const attendeeRefusals = [caller.eventRefusals, { 404: [messages.attendeeNotFound] }] as const;

  return async (app) => {
    const { attendees } = app.ctx;

    /** The attendee of the caller's event; an attendee of any other event is not found here. */
    function attendeeOf(
      request: Parameters<Caller['eventOf']>[1],
      params: z.infer<typeof attendeeParams>,
    ): { event: EventRecord; attendee: AttendeeRecord } {
      const event = caller.eventOf(app, request, params.event_id);
      const attendee = attendees.findAttendeeInEvent(event, params.attendee_id);
      if (!attendee) throw new HttpError(404, messages.attendeeNotFound);
      return { event, attendee };
    }

    /** Who edits: staff at the desk (their account), or an integration (the token API). */
    function editorOf(request: Parameters<Caller['eventOf']>[1]): EditBy {
      if (caller !== staffCaller) return { via: 'api', staff: null };
      const staff = staffOf(request);
      return { via: 'desk', staff: { id: staff.uuid, name: staff.name } };
    }

    app.patch(
      base,
      {
        config,
        schema: {
          tags,
          summary: 'Edit an attendee',
          description:
            'Changes name, email and answers, checked as registration checks them; one live registration per ' +
            'email per event. A corrected email gets the ticket again, and mail still waiting for the old address ' +
            'is not sent. Tells `attendee.updated`. A cancelled registration cannot be edited.',
          params: attendeeParams,
          body: editAttendeeBody,
          response: {
            200: editAttendeeResponse,
            ...refusals(...attendeeRefusals, { 422: [messages.invalidData, messages.cannotEditCancelled] }),
          },
        },
      },
      async function editAttendee(request) {
        const { event, attendee } = attendeeOf(request, request.params);
        const outcome = attendees.editAttendee(event, attendee, request.body, editorOf(request));
        if (!outcome.ok) {
          if (outcome.reason === 'canceled') throw new HttpError(422, messages.cannotEditCancelled);
          throw new ValidationError(outcome.errors, messages.invalidData);
        }
        return {
          message: messages.attendeeUpdated,
          data: {
            ...presentAttendee(outcome.attendee, event),
            answers: outcome.attendee.answers,
            changed: [...outcome.changed],
          },
        };
      },
    );

    app.post(
      `${base}/cancel`,
      {
        config,
        schema: {
          tags,
          summary: 'Cancel an attendee',
          params: attendeeParams,
          response: { 200: messageBody, ...refusals(...attendeeRefusals, staffCancelRefusals) },
        },
      },
      async function cancelAttendee(request) {
        const { event, attendee } = attendeeOf(request, request.params);
        const outcome = attendees.cancelRegistration(event, attendee);
        if (!outcome.ok) throw staffCancelRefusal(outcome.reason);
        return { message: messages.staffCancelled };
      },
    );

    app.post(
      `${base}/no-show`,
      {
        config,
        schema: {
          tags,
          summary: 'Mark an attendee as no-show',
          params: attendeeParams,
          response: { 200: noShowResponse, ...refusals(...attendeeRefusals, noShowRefusals) },
        },
      },
      async function markNoShow(request) {
        const { event, attendee } = attendeeOf(request, request.params);
        const outcome = attendees.markNoShow(event, attendee);
        if (!outcome.ok) throw noShowRefusal(outcome.reason);
        return {
          message: messages.markedNoShow,
          data: { id: outcome.attendee.uuid, status: 'no_show' as const },
        };
      },
    );
  };
}

/** The token API's own attendee routes: the lookup of the redirect integration, the list, bulk no-show. */
export const tokenAttendeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { attendees, events, bulkNoShow } = app.ctx;
  const tags = ['Attendees'];

  app.get(
    '/api/attendees/:id',
    {
      // Read by integrations on every page view: its handler writes nothing (platform/write-gate.ts).
      config: { scope: 'attendees:read', readOnly: true },
      schema: {
        tags,
        summary: 'Look up an attendee (the redirect integration)',
        params: z.object({ id: uuidParam('Attendee UUID') }),
        response: {
          200: z.object({ data: attendeeSchema }),
          ...refusals({ 403: [messages.accessDenied], 404: [messages.attendeeNotFound] }),
        },
      },
    },
    async function lookUpAttendee(request) {
      const token = tokenOf(request);
      const attendee = attendees.findAttendee(request.params.id);
      const event = attendee ? events.findEventById(attendee.eventId) : null;
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
      config: { scope: 'attendees:read', readOnly: true },
      schema: {
        tags,
        summary: "List an event's attendees",
        params: eventParams,
        querystring: attendeeListQuery,
        response: { 200: attendeeListResponse, ...refusals(tokenCaller.eventRefusals) },
      },
    },
    async function listAttendees(request) {
      const event = tokenCaller.eventOf(app, request, request.params.event_id);
      const { page, per_page: perPage, status, email, q } = request.query;
      const { items, total } = attendees.listAttendees(
        event,
        { status, email: email || undefined, q: q || undefined },
        { limit: perPage, offset: (page - 1) * perPage },
      );
      return {
        data: items.map((attendee) => presentListedAttendee(attendee, event)),
        meta: { total, page, per_page: perPage },
      };
    },
  );

  app.post(
    '/api/events/:event_id/attendees/bulk-no-show',
    {
      config: { scope: 'attendees:write' },
      schema: {
        tags,
        summary: 'Mark many attendees as no-show',
        description: `At most ${MAX_BULK_ATTENDEE_IDS} ids per request; repeated ids count once.`,
        params: eventParams,
        body: bulkNoShowBody,
        response: { 200: bulkNoShowResponse, ...refusals(tokenCaller.eventRefusals) },
      },
    },
    async function bulkMarkNoShow(request) {
      const event = tokenCaller.eventOf(app, request, request.params.event_id);
      const { successCount, failed } = bulkNoShow.bulkMarkNoShow(event, request.body.attendee_ids);
      return {
        message: messages.bulkNoShowDone,
        success_count: successCount,
        failed_count: failed.length,
        ...(failed.length > 0 ? { failed: presentBulkFailures(failed) } : {}),
      };
    },
  );
};
