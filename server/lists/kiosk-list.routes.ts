import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventRefusals, publishedEventOf } from '../attendees/public-attendee.routes.ts';
import { parseScannedCode } from '../attendees/checkin-code.rules.ts';
import type { EventRecord } from '../events/event.types.ts';
import { IDEMPOTENCY_NOTE, idempotencyKeyOf } from '../failover/idempotency.http.ts';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { presentKioskList, presentKioskScanOutcome } from './list.presenters.ts';
import { kioskListParams, kioskListResponse, kioskListScanBody, kioskScanResponse } from './list.schemas.ts';
import { scanMessage } from './scan-answers.http.ts';

const tags = ['Kiosk'];
const listNotFound = { 404: [messages.checkInListNotFound] } as const;

/**
 * A kiosk on one door: its check-in list (`/kiosk/api/events/{uuid}/check-in-lists/{list_id}`), and scanning on
 * it with the rules of the list, as the token API's scan answers, the person shown by name and company only. Under
 * `/kiosk/api` (app.ts admits its callers with `kioskAccess`); a replica answers both from its own copy, hub or no
 * hub, and its scans reach the hub as ops with their kiosk and their time.
 */
export const kioskListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { lists } = app.ctx;

  function listOf(event: EventRecord, uuid: string) {
    const list = lists.findList(event, uuid);
    if (!list) throw new HttpError(404, messages.checkInListNotFound);
    return list;
  }

  app.get(
    '/kiosk/api/events/:uuid/check-in-lists/:list_id',
    {
      schema: {
        tags,
        summary: 'The check-in list a kiosk scans for: which door it is, and when it opens',
        params: kioskListParams,
        response: { 200: kioskListResponse, ...refusals(eventRefusals, listNotFound) },
      },
    },
    async function showKioskList(request) {
      const event = publishedEventOf(app, request.params.uuid);
      const { list, opensAt } = lists.kioskList(event, listOf(event, request.params.list_id));
      return { data: presentKioskList(list, opensAt) };
    },
  );

  app.post(
    '/kiosk/api/events/:uuid/check-in-lists/:list_id/scan',
    {
      config: { validationMessage: () => messages.invalidData },
      schema: {
        tags,
        summary: 'Scan someone in (or out) at a kiosk on a check-in list',
        description:
          'The rules and answers of the token API’s scan on a list, without `force` or `attendee_id`; the person ' +
          'is shown by name and company only. While the event takes no self check-ins it refuses as the kiosk’s ' +
          `scan does; outside the check-in period it answers \`not_now\`.${IDEMPOTENCY_NOTE}`,
        params: kioskListParams,
        body: kioskListScanBody,
        response: {
          200: kioskScanResponse,
          ...refusals(eventRefusals, listNotFound, {
            403: [messages.selfCheckInDisabled],
            422: [messages.invalidData],
          }),
        },
      },
    },
    async function scanAtKiosk(request) {
      const event = publishedEventOf(app, request.params.uuid);
      const list = listOf(event, request.params.list_id);
      if (!event.allowSelfCheckin) throw new HttpError(403, messages.selfCheckInDisabled);
      const outcome = lists.scan(event, list, {
        // The body's schema has refused what is not a code.
        target: { code: parseScannedCode(request.body.code)! },
        direction: request.body.direction,
        force: false,
        via: 'kiosk',
        staff: null,
        idempotencyKey: idempotencyKeyOf(request),
      });
      if ('refused' in outcome) {
        throw new ValidationError({ direction: [messages.exitsNotScanned] }, messages.invalidData);
      }
      return { message: scanMessage(outcome, event), data: presentKioskScanOutcome(outcome) };
    },
  );
};
