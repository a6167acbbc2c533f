import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffCaller } from '../access/caller.http.ts';
import type { EventRecord } from '../events/event.types.ts';
import { attachmentDisposition, toCsv, UTF8_BOM } from '../platform/csv.ts';
import { formatZonedIso } from '../platform/time.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { type JsonText, registerJsonTextBody } from '../platform/json-body.ts';
import { messages } from '../platform/messages.ts';
import { refusalBody, refusals, varying } from '../platform/refusals.ts';
import { textBodyValidatorCompiler } from '../platform/validation.ts';
import { presentDeskAttendee } from './attendee.presenters.ts';
import { presentDeskMail } from '../mail/mail.presenters.ts';
import { languageOf } from '../tickets/ticket.rules.ts';
import { attendeeParams, eventParams } from './attendee.schemas.ts';
import type { AttendeeRecord } from './attendee.types.ts';
import {
  bulkNoShowConfirm,
  bulkNoShowPreview,
  deskAttendeeSchema,
  deskListQuery,
  deskListResponse,
  importBody,
  importDone,
  importPreview,
  importRows,
  liveStatsSchema,
} from './desk.schemas.ts';
import { parseScannedCode } from './checkin-code.rules.ts';
import { scanBody } from './kiosk-attendee.schemas.ts';
import { registrationBody } from './public-attendee.schemas.ts';
import { deskCheckInRefusal, deskCheckInRefusals, deskCodeNotFound } from './refusals.http.ts';
import { IDEMPOTENCY_NOTE, idempotencyKeyOf } from '../failover/idempotency.http.ts';

const tags = ['Dashboard: attendee desk'];
const attendeeResponse = z.object({ message: z.string(), data: deskAttendeeSchema });

/** What `eventOf` and `attendeeOf` refuse. */
const eventRefusals = staffCaller.eventRefusals;
const attendeeRefusals = { 404: [messages.attendeeNotFound] } as const;

/** How many rows the CSV export reads at a time. */
const EXPORT_PAGE_SIZE = 1000;

/**
 * The attendee desk of one event: the list with search and filters, live counts, walk-ins, check-in and the
 * actions the token API does not have (undo, approve, "everyone still expected" as no-show), CSV export and
 * import. Cancel and no-show are `attendeeActionRoutes`, mounted for the desk too.
 */
export interface DeskRoutesOptions {
  /**
   * Whether this server takes the desk's work on the whole event: the CSV import and "mark everyone still expected"
   * (a hub; a replica forwards them to its hub, which alone sees everyone).
   */
  wholeEventWork: boolean;
}

export const deskRoutes: FastifyPluginAsyncZod<DeskRoutesOptions> = async (app, { wholeEventWork }) => {
  const { attendees, registrations, bulkNoShow, imports, mail } = app.ctx;

  const eventOf = (request: Parameters<typeof staffCaller.eventOf>[1], uuid: string): EventRecord =>
    staffCaller.eventOf(app, request, uuid);

  function attendeeOf(event: EventRecord, uuid: string): AttendeeRecord {
    const attendee = attendees.findAttendeeInEvent(event, uuid);
    if (!attendee) throw new HttpError(404, messages.attendeeNotFound);
    return attendee;
  }

  app.get(
    '/events/:event_id/attendees',
    {
      schema: {
        tags,
        summary:
          'Attendees, searchable by name, email or any answer (accents and case ignored), filtered by status, check-in and mail',
        params: eventParams,
        querystring: deskListQuery,
        response: { 200: deskListResponse, ...refusals(eventRefusals) },
      },
    },
    async function listDeskAttendees(request) {
      const event = eventOf(request, request.params.event_id);
      const { q, status, checked_in: checkedIn, mail: mailState, page, per_page: perPage } = request.query;
      const { items, total } = attendees.listAttendees(
        event,
        {
          q: q || undefined,
          status,
          checkedIn: checkedIn === undefined ? undefined : checkedIn === 'true',
          mailState,
        },
        { limit: perPage, offset: (page - 1) * perPage },
      );
      const mails = mail.latestMailOf(event, items);
      return {
        data: items.map((attendee) => {
          const latest = mails?.get(attendee.id);
          return {
            ...presentDeskAttendee(attendee),
            mail: latest ? presentDeskMail(latest, attendee.email) : null,
          };
        }),
        meta: { total, page, per_page: perPage },
      };
    },
  );

  app.get(
    '/events/:event_id/stats',
    {
      schema: {
        tags,
        summary: 'Counts by status and the live picture of arrivals',
        params: eventParams,
        response: { 200: z.object({ data: liveStatsSchema }), ...refusals(eventRefusals) },
      },
    },
    async function showLiveStats(request) {
      return { data: attendees.liveStatsOf(eventOf(request, request.params.event_id)) };
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
        response: {
          201: attendeeResponse,
          ...refusals(eventRefusals, { 403: [messages.eventFull], 409: [messages.alreadyRegistered] }),
        },
      },
    },
    async function addWalkIn(request, reply) {
      const event = eventOf(request, request.params.event_id);
      const outcome = registrations.addWalkIn(
        event,
        request.body,
        languageOf(request.headers['accept-language']),
      );
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
        description: `Checks the attendee in, also while self check-in is off.${IDEMPOTENCY_NOTE}`,
        params: attendeeParams,
        response: {
          200: attendeeResponse,
          ...refusals(eventRefusals, attendeeRefusals, deskCheckInRefusals),
        },
      },
    },
    async function checkInAtDesk(request) {
      const event = eventOf(request, request.params.event_id);
      const outcome = attendees.checkInAtDesk(event, attendeeOf(event, request.params.attendee_id), {
        idempotencyKey: idempotencyKeyOf(request),
      });
      if (!outcome.ok) throw deskCheckInRefusal(outcome.reason, outcome.attendee, event);
      return { message: messages.staffCheckedIn, data: presentDeskAttendee(outcome.attendee) };
    },
  );

  app.post(
    '/events/:event_id/scan',
    {
      schema: {
        tags,
        summary: 'Check in by a scanned check-in code or profile QR code, with the desk’s rules',
        description:
          'What the kiosk’s scan takes (`ARV1:<code>`, a `/p/<code>` URL, a bare code), checked in as the ' +
          `Check in button does: self check-in being off does not apply.${IDEMPOTENCY_NOTE}`,
        params: eventParams,
        body: scanBody,
        response: {
          200: attendeeResponse,
          ...refusals(eventRefusals, { 404: [messages.codeNotFound] }, deskCheckInRefusals),
        },
      },
    },
    async function checkInByScannedCode(request) {
      const event = eventOf(request, request.params.event_id);
      // The body's schema has refused what is not a code.
      const outcome = attendees.checkInByCodeAtDesk(event, parseScannedCode(request.body.code)!, {
        idempotencyKey: idempotencyKeyOf(request),
      });
      if (!outcome.ok) {
        if (outcome.reason === 'code_not_found') throw deskCodeNotFound();
        throw deskCheckInRefusal(outcome.reason, outcome.attendee, event);
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
        response: {
          200: attendeeResponse,
          ...refusals(eventRefusals, attendeeRefusals, { 422: [messages.notCheckedIn] }),
        },
      },
    },
    async function undoCheckIn(request) {
      const event = eventOf(request, request.params.event_id);
      const outcome = attendees.undoCheckIn(event, attendeeOf(event, request.params.attendee_id));
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
        response: {
          200: attendeeResponse,
          ...refusals(eventRefusals, attendeeRefusals, { 422: [messages.notPending] }),
        },
      },
    },
    async function approveRegistration(request) {
      const event = eventOf(request, request.params.event_id);
      const outcome = attendees.approveRegistration(event, attendeeOf(event, request.params.attendee_id));
      if (!outcome.ok) throw new HttpError(422, messages.notPending);
      return { message: messages.approved, data: presentDeskAttendee(outcome.attendee) };
    },
  );

  app.get(
    '/events/:event_id/attendees.csv',
    {
      schema: {
        tags,
        summary:
          "Export attendees as CSV (every registration field by its label, choices by their labels, status, times in the event's zone, check-in code), UTF-8 with a byte order mark",
        params: eventParams,
        response: {
          200: {
            description: 'The attendees, one row each, every field quoted, as a file to download.',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...refusals(eventRefusals),
        },
      },
    },
    async function exportAttendeesCsv(request, reply) {
      const event = eventOf(request, request.params.event_id);
      const fields = event.registrationFields;
      const rows: (string | number | null)[][] = [
        ['id', ...fields.map((f) => f.label), 'status', 'registered_at', 'checked_in_at', 'checkin_code'],
      ];
      // A choice is exported as its label: what the person picked, not the event's internal name for it.
      const shown = fields.map((field) => {
        const labels = new Map((field.options ?? []).map((option) => [option.value, option.label]));
        return (value: string | undefined) => (value === undefined ? '' : (labels.get(value) ?? value));
      });
      const inZone = (timestamp: string | null) => timestamp && formatZonedIso(timestamp, event.timezone);
      for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
        const { items } = attendees.listAttendees(event, {}, { limit: EXPORT_PAGE_SIZE, offset });
        for (const a of items) {
          rows.push([
            a.uuid,
            ...fields.map((field, i) => shown[i]!(a.answers[field.key])),
            a.status,
            inZone(a.registeredAt),
            inZone(a.checkedInAt),
            a.checkinCode,
          ]);
        }
        if (items.length < EXPORT_PAGE_SIZE) break;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(event.name, 'csv', 'attendees'))
        .send(UTF8_BOM + toCsv(rows));
    },
  );

  if (!wholeEventWork) return;

  app.get(
    '/events/:event_id/bulk-no-show',
    {
      schema: {
        tags,
        summary: 'How many attendees are still expected: what "mark them all no-show" would mark',
        params: eventParams,
        response: { 200: bulkNoShowPreview, ...refusals(eventRefusals) },
      },
    },
    async function previewMarkStillExpected(request) {
      return { data: { count: bulkNoShow.countStillExpected(eventOf(request, request.params.event_id)) } };
    },
  );

  app.post(
    '/events/:event_id/bulk-no-show',
    {
      schema: {
        tags,
        summary: 'Mark everyone still expected as no-show, after confirming the count',
        params: eventParams,
        body: bulkNoShowConfirm,
        response: {
          200: z.object({
            message: z.string(),
            success_count: z.number().int(),
            failed_count: z.number().int(),
          }),
          ...refusals(eventRefusals, { 409: [messages.bulkCountChanged] }),
        },
      },
    },
    async function markStillExpectedNoShow(request) {
      const event = eventOf(request, request.params.event_id);
      const outcome = bulkNoShow.markEveryoneStillExpected(event, request.body.expected_count);
      if (!outcome.ok) throw new HttpError(409, messages.bulkCountChanged);
      return {
        message: messages.bulkNoShowDone,
        success_count: outcome.successCount,
        failed_count: outcome.failed.length,
      };
    },
  );

  // In a scope of its own: its body arrives as text, for the import's worker to parse and validate
  // (import-thread.ts).
  const importScope: FastifyPluginAsyncZod = async (scope) => {
    registerJsonTextBody(scope);
    scope.setValidatorCompiler(textBodyValidatorCompiler);
    scope.post(
      '/events/:event_id/import',
      {
        config: { access: 'owner' },
        bodyLimit: 16 * 1024 * 1024,
        schema: {
          tags,
          summary:
            'Import attendees, all or nothing, or the valid rows with a report of the rest; rows are already mapped to field keys',
          params: eventParams,
          body: importBody,
          response: {
            200: importDone,
            ...refusals(eventRefusals, { 409: [messages.importWhileFollowing] }),
            422: refusalBody(422, [messages.importInvalid, varying(messages.importFull, 3)], importRows),
          },
        },
      },
      async function importAttendees(request, reply) {
        const event = eventOf(request, request.params.event_id);
        // Imported rows take this database's own ids, which the followed server's rows would collide with.
        if (app.ctx.venue?.following()) throw new HttpError(409, messages.importWhileFollowing);
        // textBodyValidatorCompiler passed the body on as it came: JsonText, or undefined when there was none.
        const body = request.body as unknown as JsonText | undefined;
        // This request writes nothing itself; the worker writes under the gate, which waits for us otherwise.
        request.leaveWriteGate();
        const outcome = await imports.importAttendees(event, body?.text);
        if (outcome.ok) {
          const { imported, skipped = [] } = outcome;
          if (skipped.length === 0) return { message: messages.imported(imported), imported };
          return { message: messages.importedSome(imported, skipped.length), imported, skipped };
        }
        switch (outcome.reason) {
          case 'body_invalid':
            throw new ValidationError(outcome.errors);
          case 'event_not_found':
            throw new HttpError(404, messages.eventNotFound);
          case 'invalid':
            return reply.code(422).send({ message: messages.importInvalid, rows: outcome.rows });
          case 'event_full':
            return reply.code(422).send({ message: messages.importFull(outcome.available) });
        }
      },
    );

    scope.post(
      '/events/:event_id/import/preview',
      {
        config: { access: 'owner' },
        bodyLimit: 16 * 1024 * 1024,
        schema: {
          tags,
          summary:
            'What an import of these rows would do, found in one pass: every row it would refuse, how many it would write, the seats left',
          description:
            "The import's own checks (the field rules, an email twice in the file or registered already) on the " +
            "same body, on the import's thread, writing nothing; the import checks everything again when sent.",
          params: eventParams,
          body: importBody,
          response: {
            200: importPreview,
            ...refusals(eventRefusals, { 409: [messages.importWhileFollowing] }),
          },
        },
      },
      async function previewImport(request) {
        const event = eventOf(request, request.params.event_id);
        if (app.ctx.venue?.following()) throw new HttpError(409, messages.importWhileFollowing);
        const body = request.body as unknown as JsonText | undefined;
        request.leaveWriteGate();
        const outcome = await imports.previewImport(event, body?.text);
        if (!outcome.ok) {
          if (outcome.reason === 'body_invalid') throw new ValidationError(outcome.errors);
          throw new HttpError(404, messages.eventNotFound);
        }
        const { rows, importable, refused, seatsLeft } = outcome;
        return { data: { rows, importable, refused, seats_left: seatsLeft } };
      },
    );
  };
  await app.register(importScope);
};
