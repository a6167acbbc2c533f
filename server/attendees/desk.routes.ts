import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffCheckInRefusal } from './attendee.rules.ts';
import { toCsv } from '../platform/csv.ts';
import { CHART_WINDOW_MS, liveStats } from './live-stats.rules.ts';
import { formatHumanDateTime, toTimestamp } from '../platform/time.ts';
import type { AttendeeRecord, EventRecord } from '../platform/types.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { errorResponses, messageBody } from '../platform/schemas.ts';
import {
  bulkNoShowConfirm,
  bulkNoShowPreview,
  deskAttendeeSchema,
  deskListQuery,
  deskListResponse,
  importBody,
  importRefusal,
  liveStatsSchema,
  presentDeskAttendee,
} from '../access/access.schemas.ts';
import { registrationBody } from './public-attendee.schemas.ts';
import { attendeeOfEvent, attendeeParams, eventOfStaff, eventParams } from '../access/staff-scope.http.ts';

const tags = ['Dashboard: attendee desk'];
const attendeeResponse = z.object({ message: z.string(), data: deskAttendeeSchema });

const staffCheckInMessage = (
  reason: StaffCheckInRefusal,
  attendee: AttendeeRecord,
  event: EventRecord,
): [number, string] => {
  switch (reason) {
    case 'checkin_not_available':
      return [403, messages.checkInNotAvailable];
    case 'registration_canceled':
      return [422, messages.checkInCanceledStaff];
    case 'approval_pending':
      return [422, messages.checkInPendingStaff];
    case 'already_checked_in':
      return [
        409,
        messages.alreadyCheckedInStaff(formatHumanDateTime(attendee.checkedInAt!, event.timezone)),
      ];
  }
};

/**
 * The attendee desk of one event: the list with search and filters, live counts, and every action. Cancel,
 * no-show and bulk no-show are the very operations the token API runs.
 */
export const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, clock, attendees } = app.ctx;

  app.get(
    '/events/:event_id/attendees',
    {
      schema: {
        tags,
        summary: 'Attendees, searchable by name or email, filtered by status and check-in',
        params: eventParams,
        querystring: deskListQuery,
        response: { 200: deskListResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      const { q, status, checked_in: checkedIn, page, per_page: perPage } = request.query;
      const { items, total } = repos.attendees.list(
        event.id,
        { q: q || undefined, status, checkedIn: checkedIn === undefined ? undefined : checkedIn === 'true' },
        { limit: perPage, offset: (page - 1) * perPage },
      );
      return { data: items.map(presentDeskAttendee), meta: { total, page, per_page: perPage } };
    },
  );

  app.get(
    '/events/:event_id/stats',
    {
      schema: {
        tags,
        summary: 'Counts by status and the live picture of arrivals',
        params: eventParams,
        response: { 200: z.object({ data: liveStatsSchema }), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      const now = clock.now();
      const since = toTimestamp(new Date(now.getTime() - CHART_WINDOW_MS));
      return {
        data: liveStats(
          repos.attendees.countsByStatus(event.id),
          repos.attendees.checkInTimesSince(event.id, since),
          now,
        ),
      };
    },
  );

  app.post(
    '/events/:event_id/attendees',
    {
      schema: {
        tags,
        summary: 'Add a walk-in (confirmed at once; the same field rules as registration)',
        params: eventParams,
        body: registrationBody,
        response: { 201: attendeeResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      const outcome = attendees.addWalkIn(event, request.body);
      if (!outcome.ok) {
        if (outcome.reason === 'invalid')
          throw new ValidationError(outcome.errors, messages.validationFailed);
        if (outcome.reason === 'already_registered') throw new HttpError(409, messages.alreadyRegistered);
        throw new HttpError(403, messages.eventFull);
      }
      reply.code(201);
      return { message: messages.registered, data: presentDeskAttendee(outcome.attendee) };
    },
  );

  app.post(
    '/events/:event_id/attendees/:attendee_id/check-in',
    {
      schema: {
        tags,
        summary: 'Check in at the desk',
        params: attendeeParams,
        response: { 200: attendeeResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      const outcome = attendees.staffCheckIn(event, attendeeOfEvent(app, event, request.params.attendee_id));
      if (!outcome.ok) {
        const [status, message] = staffCheckInMessage(outcome.reason, outcome.attendee, event);
        throw new HttpError(status, message);
      }
      return { message: messages.staffCheckedIn, data: presentDeskAttendee(outcome.attendee) };
    },
  );

  app.post(
    '/events/:event_id/attendees/:attendee_id/undo-check-in',
    {
      schema: {
        tags,
        summary: 'Undo a check-in made by mistake',
        params: attendeeParams,
        response: { 200: attendeeResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      const outcome = attendees.undoCheckIn(event, attendeeOfEvent(app, event, request.params.attendee_id));
      if (!outcome.ok) throw new HttpError(422, messages.notCheckedIn);
      return { message: messages.checkInUndone, data: presentDeskAttendee(outcome.attendee) };
    },
  );

  app.post(
    '/events/:event_id/attendees/:attendee_id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a pending registration',
        params: attendeeParams,
        response: { 200: attendeeResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      const outcome = attendees.approve(event, attendeeOfEvent(app, event, request.params.attendee_id));
      if (!outcome.ok) throw new HttpError(422, messages.notPending);
      return { message: messages.approved, data: presentDeskAttendee(outcome.attendee) };
    },
  );

  app.post(
    '/events/:event_id/attendees/:attendee_id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a registration',
        params: attendeeParams,
        response: { 200: messageBody, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      const outcome = attendees.cancel(event, attendeeOfEvent(app, event, request.params.attendee_id));
      if (!outcome.ok) {
        throw new HttpError(
          422,
          outcome.reason === 'already_canceled' ? messages.alreadyCancelled : messages.staffCannotCancel,
        );
      }
      return { message: messages.staffCancelled };
    },
  );

  app.post(
    '/events/:event_id/attendees/:attendee_id/no-show',
    {
      schema: {
        tags,
        summary: 'Mark as no-show',
        params: attendeeParams,
        response: { 200: messageBody, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      const outcome = attendees.markNoShow(event, attendeeOfEvent(app, event, request.params.attendee_id));
      if (!outcome.ok) {
        throw new HttpError(
          422,
          outcome.reason === 'already_checked_in'
            ? messages.cannotMarkNoShow
            : messages.cannotMarkCancelledNoShow,
        );
      }
      return { message: messages.markedNoShow };
    },
  );

  app.get(
    '/events/:event_id/bulk-no-show',
    {
      schema: {
        tags,
        summary: 'How many attendees a bulk no-show would mark',
        params: eventParams,
        response: { 200: bulkNoShowPreview, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      return { data: { count: repos.attendees.notCheckedInUuids(event.id).length } };
    },
  );

  app.post(
    '/events/:event_id/bulk-no-show',
    {
      schema: {
        tags,
        summary: 'Mark everyone not checked in as no-show, after confirming the count',
        params: eventParams,
        body: bulkNoShowConfirm,
        response: {
          200: z.object({
            message: z.string(),
            success_count: z.number().int(),
            failed_count: z.number().int(),
          }),
          ...errorResponses(401, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      const ids = repos.attendees.notCheckedInUuids(event.id);
      // The desk confirmed a number; if kiosks changed it meanwhile, ask again rather than surprise anyone.
      if (ids.length !== request.body.expected_count) throw new HttpError(409, messages.bulkCountChanged);
      const { successCount, failed } = attendees.bulkMarkNoShow(event, ids);
      return { message: messages.bulkNoShowDone, success_count: successCount, failed_count: failed.length };
    },
  );

  app.get(
    '/events/:event_id/attendees.csv',
    {
      schema: {
        tags,
        summary: 'Export attendees as CSV (every registration field, status and times)',
        params: eventParams,
      },
    },
    async (request, reply) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      const keys = event.registrationFields.map((f) => f.key);
      const rows: (string | number | null)[][] = [
        ['id', ...keys, 'status', 'registered_at', 'checked_in_at'],
      ];
      const pageSize = 1000;
      for (let offset = 0; ; offset += pageSize) {
        const { items } = repos.attendees.list(event.id, {}, { limit: pageSize, offset });
        for (const a of items) {
          rows.push([
            a.uuid,
            ...keys.map((k) => a.answers[k] ?? ''),
            a.status,
            a.registeredAt,
            a.checkedInAt,
          ]);
        }
        if (items.length < pageSize) break;
      }
      const filename = `${event.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'attendees'}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(toCsv(rows));
    },
  );

  app.post(
    '/events/:event_id/import',
    {
      config: { access: 'owner' },
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Import attendees, all or nothing; rows are already mapped to field keys',
        params: eventParams,
        body: importBody,
        response: {
          200: messageBody.extend({ imported: z.number().int() }),
          422: importRefusal,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      const outcome = attendees.importAttendees(event, request.body.rows);
      if (outcome.ok) return { message: messages.imported(outcome.imported), imported: outcome.imported };
      if (outcome.reason === 'invalid')
        return reply.code(422).send({ message: messages.importInvalid, rows: outcome.rows });
      return reply.code(422).send({ message: messages.importFull(outcome.available) });
    },
  );
};
