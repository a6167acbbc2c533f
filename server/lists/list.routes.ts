import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffCaller, type Caller } from '../access/caller.http.ts';
import { staffOf } from '../access/session-auth.http.ts';
import { parseScannedCode } from '../attendees/checkin-code.rules.ts';
import type { EventRecord } from '../events/event.types.ts';
import { IDEMPOTENCY_NOTE, idempotencyKeyOf } from '../failover/idempotency.http.ts';
import { attachmentDisposition, toCsv, UTF8_BOM } from '../platform/csv.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { messageBody } from '../platform/schemas.ts';
import { formatZonedIso, toTimestamp } from '../platform/time.ts';
import { MAX_LISTS_PER_EVENT } from './list.rules.ts';
import { presentInside, presentList, presentScan, presentScanOutcome } from './list.presenters.ts';
import {
  chartResponse,
  createListBody,
  historyResponse,
  insideNowResponse,
  insideQuery,
  insideResponse,
  listAttendeeParams,
  listEventParams,
  listParams,
  listResponse,
  listScanBody,
  listsResponse,
  scanResponse,
  updateListBody,
} from './list.schemas.ts';
import { CHART_BUCKET_MINUTES, type SaveListOutcome, type ScanRequest } from './list.service.ts';
import type { CheckInListRecord } from './list.types.ts';
import { scanMessage } from './scan-answers.http.ts';

/** Every 422 of these routes says what the contract's conventions say, on every mount. */
const invalid = { validationMessage: () => messages.invalidData } satisfies FastifyContextConfig;
const listNotFound = { 404: [messages.checkInListNotFound] } as const;
const validation = { 422: [messages.invalidData] } as const;

export interface ListRoutesOptions {
  /**
   * Whether list changes are taken here (a hub; a replica forwards them to its hub, where owners change lists), or
   * only the reads and the scans, which a replica answers from its own copy, hub or no hub.
   */
  writable: boolean;
}

/**
 * Check-in lists (issue 38), the same for the token API (`/api/events/{event_id}/check-in-lists...`) and the
 * dashboard (signed-in staff; list changes: owners only): the lists, scanning on one, who is inside, a person's
 * history and a list's export.
 */
export function listRoutes(caller: Caller, { writable }: ListRoutesOptions): FastifyPluginAsyncZod {
  const tags = [caller.tag('Check-in lists')];
  const readEvents = {
    ...caller.access({ scope: 'events:read', role: 'staff' }),
    ...invalid,
    readOnly: true as const,
  };
  const writeEvents = { ...caller.access({ scope: 'events:write', role: 'owner' }), ...invalid };
  const readAttendees = {
    ...caller.access({ scope: 'attendees:read', role: 'staff' }),
    ...invalid,
    readOnly: true as const,
  };
  const writeAttendees = { ...caller.access({ scope: 'attendees:write', role: 'staff' }), ...invalid };
  const events = `${caller.basePath}/events/:event_id`;
  const lists = `${events}/check-in-lists`;
  const one = `${lists}/:list_id`;

  return async (app) => {
    const { lists: service, attendees } = app.ctx;
    const eventOf = (request: FastifyRequest, uuid: string) => caller.eventOf(app, request, uuid);

    function listOf(event: EventRecord, uuid: string): CheckInListRecord {
      const list = service.findList(event, uuid);
      if (!list) throw new HttpError(404, messages.checkInListNotFound);
      return list;
    }

    function saved(outcome: SaveListOutcome) {
      if (outcome.ok) return { data: presentList(outcome.list) };
      if (outcome.reason === 'invalid') throw new ValidationError(outcome.errors, messages.invalidData);
      if (outcome.reason === 'too_many') throw new HttpError(422, messages.tooManyCheckInLists);
      throw new HttpError(422, messages.defaultListFixed);
    }

    /** Who scans: staff at the desk (their account), or an integration (the token API). */
    function actorOf(request: FastifyRequest): Pick<ScanRequest, 'via' | 'staff'> {
      if (caller !== staffCaller) return { via: 'api', staff: null };
      const staff = staffOf(request);
      return { via: 'desk', staff: { id: staff.uuid, name: staff.name } };
    }

    app.get(
      lists,
      {
        config: readEvents,
        schema: {
          tags,
          summary: "The event's check-in lists: the default first, then in order of creation",
          params: listEventParams,
          response: { 200: listsResponse, ...refusals(caller.eventRefusals, validation) },
        },
      },
      async function listCheckInLists(request) {
        const event = eventOf(request, request.params.event_id);
        return { data: service.listViews(event).map(presentList) };
      },
    );

    app.get(
      one,
      {
        config: readEvents,
        schema: {
          tags,
          summary: 'One check-in list',
          params: listParams,
          response: { 200: listResponse, ...refusals(caller.eventRefusals, listNotFound, validation) },
        },
      },
      async function showCheckInList(request) {
        const event = eventOf(request, request.params.event_id);
        const list = listOf(event, request.params.list_id);
        return { data: presentList(service.listViews(event).find((view) => view.list.uuid === list.uuid)!) };
      },
    );

    if (writable) {
      app.post(
        lists,
        {
          config: writeEvents,
          schema: {
            tags,
            summary: 'Create a check-in list',
            description:
              `Defaults: \`admits\` null, \`windows\` [], \`entry_rule\` \`once\`, \`exits_scanned\` false, ` +
              `\`auto_checkout_at\` null, \`capacity\` null. At most ${MAX_LISTS_PER_EVENT} lists per event.`,
            params: listEventParams,
            body: createListBody,
            response: {
              201: listResponse,
              ...refusals(caller.eventRefusals, {
                422: [messages.invalidData, messages.tooManyCheckInLists],
              }),
            },
          },
        },
        async function createCheckInList(request, reply) {
          const event = eventOf(request, request.params.event_id);
          const outcome = service.createList(event, request.body);
          const body = saved(outcome);
          reply.code(201);
          return body;
        },
      );

      app.patch(
        one,
        {
          config: writeEvents,
          schema: {
            tags,
            summary: 'Edit a check-in list (only the keys sent change)',
            description:
              'A rule changed applies to scans made after the change, by their time, wherever they were made; ' +
              "scans already recorded keep their outcome. The default list keeps the event's check-in rules: only " +
              'its name, `exits_scanned` and `auto_checkout_at` change.',
            params: listParams,
            body: updateListBody,
            response: {
              200: listResponse,
              ...refusals(caller.eventRefusals, listNotFound, {
                422: [messages.invalidData, messages.defaultListFixed],
              }),
            },
          },
        },
        async function editCheckInList(request) {
          const event = eventOf(request, request.params.event_id);
          const list = listOf(event, request.params.list_id);
          return saved(service.updateList(event, list.uuid, request.body));
        },
      );

      app.delete(
        one,
        {
          config: writeEvents,
          schema: {
            tags,
            summary: 'Delete a check-in list (its scans stay in people’s history under its name)',
            params: listParams,
            response: {
              200: messageBody,
              ...refusals(caller.eventRefusals, listNotFound, {
                422: [messages.invalidData, messages.defaultListUndeletable],
              }),
            },
          },
        },
        async function deleteCheckInList(request) {
          const event = eventOf(request, request.params.event_id);
          const outcome = service.deleteList(event, listOf(event, request.params.list_id));
          if (!outcome.ok) throw new HttpError(422, messages.defaultListUndeletable);
          return { message: messages.checkInListDeleted };
        },
      );
    }

    app.post(
      `${one}/scans`,
      {
        config: writeAttendees,
        schema: {
          tags,
          summary: 'Scan someone in (or out) on a check-in list',
          description:
            'Exactly one of `code` (what the kiosk’s scan takes) and `attendee_id`. Every decision is 200 with ' +
            'the reason (`data.result`) and the sentence to show (`message`); `force` admits over the list’s own ' +
            `refusals (not_on_list, not_now, already_entered, full).${IDEMPOTENCY_NOTE}`,
          params: listParams,
          body: listScanBody,
          response: {
            200: scanResponse,
            ...refusals(caller.eventRefusals, listNotFound, validation),
          },
        },
      },
      async function scanOnCheckInList(request) {
        const event = eventOf(request, request.params.event_id);
        const list = listOf(event, request.params.list_id);
        const { code, attendee_id: attendeeId, direction, force } = request.body;
        const outcome = service.scan(event, list, {
          // The body's schema has refused a code that is not one, and a body with neither or both.
          target: code !== undefined ? { code: parseScannedCode(code)! } : { attendeeId: attendeeId! },
          direction,
          force,
          ...actorOf(request),
          idempotencyKey: idempotencyKeyOf(request),
        });
        if ('refused' in outcome) {
          throw new ValidationError({ direction: [messages.exitsNotScanned] }, messages.invalidData);
        }
        return { message: scanMessage(outcome, event), data: presentScanOutcome(outcome) };
      },
    );

    app.get(
      `${events}/inside-now`,
      {
        config: readEvents,
        schema: {
          tags,
          summary: 'How many people are inside now: the event (each person once) and each list',
          params: listEventParams,
          response: { 200: insideNowResponse, ...refusals(caller.eventRefusals, validation) },
        },
      },
      async function showInsideNow(request) {
        const inside = service.insideNow(eventOf(request, request.params.event_id));
        return {
          data: {
            inside_now: inside.event,
            lists: inside.lists.map(({ list, insideNow }) => ({
              id: list.uuid,
              name: list.name,
              inside_now: insideNow,
              capacity: list.history.at(-1)!.capacity,
            })),
          },
        };
      },
    );

    app.get(
      `${one}/inside`,
      {
        config: readAttendees,
        schema: {
          tags,
          summary: 'Who is inside a check-in list now, latest entry first',
          params: listParams,
          querystring: insideQuery,
          response: { 200: insideResponse, ...refusals(caller.eventRefusals, listNotFound, validation) },
        },
      },
      async function listWhoIsInside(request) {
        const event = eventOf(request, request.params.event_id);
        const list = listOf(event, request.params.list_id);
        const { page, per_page: perPage } = request.query;
        const { items, total } = service.whoIsInside(list, { limit: perPage, offset: (page - 1) * perPage });
        return { data: items.map(presentInside), meta: { total, page, per_page: perPage } };
      },
    );

    app.get(
      `${events}/attendees/:attendee_id/scans`,
      {
        config: readAttendees,
        schema: {
          tags,
          summary: "A person's scans on every check-in list of the event, oldest first",
          params: listAttendeeParams,
          response: {
            200: historyResponse,
            ...refusals(caller.eventRefusals, { 404: [messages.attendeeNotFound] }, validation),
          },
        },
      },
      async function listAttendeeScans(request) {
        const event = eventOf(request, request.params.event_id);
        const attendee = attendees.findAttendeeInEvent(event, request.params.attendee_id);
        if (!attendee) throw new HttpError(404, messages.attendeeNotFound);
        return { data: service.historyOf(event, attendee).map(presentScan) };
      },
    );

    app.get(
      `${one}/scans.csv`,
      {
        config: readAttendees,
        schema: {
          tags,
          summary: "Export a check-in list's scans as CSV, oldest first, UTF-8 with a byte order mark",
          params: listParams,
          response: {
            200: {
              description: 'One row per recorded scan, every field quoted, as a file to download.',
              content: { 'text/csv': { schema: z.string() } },
            },
            ...refusals(caller.eventRefusals, listNotFound, validation),
          },
        },
      },
      async function exportCheckInListScans(request, reply) {
        const event = eventOf(request, request.params.event_id);
        const list = listOf(event, request.params.list_id);
        const yes = (flag: boolean) => (flag ? 'true' : 'false');
        const rows: (string | null)[][] = [
          [
            'scanned_at',
            'direction',
            'result',
            'attendee_id',
            'name',
            'email',
            'checkin_code',
            'via',
            'device',
            'staff',
            'forced',
            'duplicate',
            'over_capacity',
            'undone',
          ],
        ];
        for (const { scan, ...who } of service.exportScans(event, list)) {
          rows.push([
            formatZonedIso(scan.at, event.timezone),
            scan.direction,
            scan.result,
            who.attendeeUuid,
            who.name,
            who.email,
            who.checkinCode,
            scan.via,
            scan.device?.name ?? null,
            scan.staff?.name ?? null,
            yes(scan.forced),
            yes(scan.duplicate),
            yes(scan.overCapacity),
            yes(scan.undone),
          ]);
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachmentDisposition(list.name, 'csv', 'check-in-list'))
          .send(UTF8_BOM + toCsv(rows));
      },
    );

    // The Sync page's chart: the dashboard's own.
    if (caller !== staffCaller) return;
    app.get(
      `${events}/inside-now/chart`,
      {
        config: readEvents,
        schema: {
          tags,
          summary:
            'How many were inside over the last hours, per list and for the event (the Sync page’s chart)',
          params: listEventParams,
          response: { 200: chartResponse, ...refusals(caller.eventRefusals, validation) },
        },
      },
      async function showInsideNowChart(request) {
        const chart = service.chart(eventOf(request, request.params.event_id));
        const point = (sample: { at: string; inside: number }) => ({
          at: toTimestamp(new Date(sample.at)),
          inside_now: sample.inside,
        });
        return {
          data: {
            bucket_minutes: CHART_BUCKET_MINUTES,
            since: toTimestamp(new Date(chart.since)),
            event: chart.event.map(point),
            lists: chart.lists.map(({ list, points }) => ({
              id: list.uuid,
              name: list.name,
              points: points.map(point),
            })),
          },
        };
      },
    );
  };
}
