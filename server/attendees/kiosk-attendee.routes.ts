import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { byIp } from '../access/rate-limits.ts';
import { publicEventParams } from '../events/public-event.routes.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusalBody, refusals } from '../platform/refusals.ts';
import { timestamp } from '../platform/schemas.ts';
import { languageOf, ticketPagePath } from '../tickets/ticket.rules.ts';
import { presentKioskBadge, presentKioskCheckIn, presentKioskRegistration } from './attendee.presenters.ts';
import { parseScannedCode } from './checkin-code.rules.ts';
import { FIND_MAX_MATCHES } from './find-by-name.rules.ts';
import {
  findByNameBody,
  findByNameResponse,
  findCheckInBody,
  kioskBadgeBody,
  kioskBadgeResponse,
  kioskRegisterResponse,
  kioskScanResponse,
  scanBody,
} from './kiosk-attendee.schemas.ts';
import { eventRefusals, publishedEventOf } from './public-attendee.routes.ts';
import { registeredHeaders, registrationBody } from './public-attendee.schemas.ts';
import {
  registeredMessage,
  registrationRefusal,
  registrationRefusals,
  findByNameRefusals,
  findCheckInRefusal,
  findCheckInRefusals,
  scanRefusal,
  selfCheckInRefusal,
  selfCheckInRefusals,
} from './refusals.http.ts';
import { IDEMPOTENCY_NOTE, idempotencyKeyOf } from '../failover/idempotency.http.ts';

const tags = ['Kiosk'];

/**
 * The 429 of a kiosk whose wrong domains of late paused its name path (find-by-name.rules.ts
 * `FIND_WRONG_GUESSES_PER_KIOSK`), with when to try again.
 */
function kioskPaused(reply: FastifyReply, retryAt: number, now: Date): HttpError {
  reply.header('retry-after', Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)));
  return new HttpError(429, messages.findKioskPaused);
}
const params = publicEventParams;

/**
 * The kiosk's own endpoints, under `/kiosk/api` (app.ts admits their callers with `kioskAccess`): registering with
 * the check-in code in the answer, and checking in by a scanned code. Public registration and check-in keep the
 * interface's exact answers; these add what a kiosk screen shows.
 */
export const kioskAttendeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registrations, attendees, badges, brand, findByName, clock } = app.ctx;

  // The kiosk's pages are `/kiosk/*` (kiosk/static.routes.ts): no read under its API may be answered with one.
  app.get('/kiosk/api/*', { schema: { hide: true } }, async function notAKioskPage() {
    throw new HttpError(404, messages.routeNotFound);
  });

  app.post(
    '/kiosk/api/events/:uuid/register',
    {
      schema: {
        tags,
        summary: 'Register at a kiosk: the public registration, answered with the check-in code',
        description:
          "As public registration: `Location: /t/{secret}` names the ticket's page, `Accept-Language` the language " +
          "of its mail. Mailed only when the organization's mail settings say so for kiosk registrations.",
        params,
        body: registrationBody,
        statusHeaders: registeredHeaders,
        response: { 201: kioskRegisterResponse, ...refusals(eventRefusals, registrationRefusals) },
      },
    },
    async function registerAtKiosk(request, reply) {
      const event = publishedEventOf(app, request.params.uuid);
      const outcome = registrations.registerAttendee(event, request.body, {
        language: languageOf(request.headers['accept-language']),
        door: 'kiosk',
      });
      if (!outcome.ok) throw registrationRefusal(outcome);
      reply.code(201);
      reply.header('location', ticketPagePath(outcome.ticketSecret));
      return {
        message: registeredMessage(outcome.attendee),
        data: presentKioskRegistration(outcome.attendee, outcome.isGuest),
        ...(outcome.redirectUrl ? { redirect_url: outcome.redirectUrl } : {}),
      };
    },
  );

  app.post(
    '/kiosk/api/events/:uuid/scan',
    {
      schema: {
        tags,
        summary: 'Check in by a scanned check-in code or profile QR code, with the rules of self check-in',
        description:
          'The check-in code of a registration (`ARV1:<code>`), or the profile code of a person of the ' +
          "event's organization (a `/p/<code>` URL), whose registration for the event is found by email. " +
          'A bare code is tried as both. Refusals are those of self check-in; before check-in opens, the 403 ' +
          `also says when (\`opens_at\`).${IDEMPOTENCY_NOTE}`,
        params,
        body: scanBody,
        response: {
          200: kioskScanResponse,
          ...refusals(eventRefusals, selfCheckInRefusals),
          403: refusalBody(403, selfCheckInRefusals[403], {
            opens_at: timestamp
              .optional()
              .meta({ description: 'When check-in opens, on a refusal because it has not opened yet' }),
          }),
        },
      },
    },
    async function checkInByScannedCode(request) {
      const event = publishedEventOf(app, request.params.uuid);
      // The body's schema has refused what is not a code.
      const outcome = attendees.checkInByCode(event, parseScannedCode(request.body.code)!, {
        idempotencyKey: idempotencyKeyOf(request),
      });
      if (!outcome.ok) throw scanRefusal(outcome.reason, outcome.attendee, event, app.ctx.clock.now());
      return { message: messages.checkedIn, data: presentKioskCheckIn(outcome.attendee) };
    },
  );

  app.post(
    '/kiosk/api/events/:uuid/badge',
    {
      schema: {
        tags,
        summary: "A checked-in person's name badge, to print or print again",
        description:
          'The badge of the registration that the email or scanned code names, once it is checked in: the ' +
          "event's layout and logo, the name, the company and choice answers, the check-in code. Rate-limited " +
          'as scans are.',
        params,
        body: kioskBadgeBody,
        response: {
          200: kioskBadgeResponse,
          ...refusals(eventRefusals, { 404: [messages.noBadgeYet], 422: [messages.validationFailed] }),
        },
      },
    },
    async function showKioskBadge(request) {
      const event = publishedEventOf(app, request.params.uuid);
      const { email, code } = request.body;
      const found = attendees.findCheckedIn(
        event,
        email !== undefined ? { email } : { scanned: parseScannedCode(code!)! },
      );
      if (!found) throw new HttpError(404, messages.noBadgeYet);
      const { attendee, showsCode } = found;
      return {
        data: presentKioskBadge(
          attendee,
          event,
          badges.settingsOf(event).layout,
          brand.brandOf(event),
          showsCode,
        ),
      };
    },
  );

  app.post(
    '/kiosk/api/events/:uuid/find',
    {
      schema: {
        tags,
        summary: 'Find my registration by name, after my email found none',
        description:
          'The registrations whose last name (or last and first names) this is, accents and case aside, masked: ' +
          "first name and initial, the email's first character, and a handle to check in with by choosing the " +
          `email's domain. More than ${FIND_MAX_MATCHES} matches list none (\`too_many\`). Refused as self ` +
          'check-in is while the event takes no self check-ins.',
        params,
        body: findByNameBody,
        response: {
          200: findByNameResponse,
          ...refusals(eventRefusals, findByNameRefusals, { 429: [messages.findKioskPaused] }),
        },
      },
    },
    async function findRegistrationByName(request, reply) {
      const event = publishedEventOf(app, request.params.uuid);
      const outcome = findByName.findByName(event, request.body.name, byIp(request));
      if (!outcome.ok) {
        if (outcome.reason === 'kiosk_paused') throw kioskPaused(reply, outcome.retryAt, clock.now());
        throw selfCheckInRefusal(outcome.reason, null, event);
      }
      return {
        data: {
          matches: outcome.matches.map((match) => ({
            handle: match.handle,
            name: match.name,
            email: match.maskedEmail,
            domains: match.domains,
          })),
          too_many: outcome.tooMany,
        },
      };
    },
  );

  app.post(
    '/kiosk/api/events/:uuid/find/check-in',
    {
      schema: {
        tags,
        summary: 'Check in as a registration found by name, choosing its email domain',
        description:
          'The handle of a match from the search, and the domain of its email. A handle is good for one try ' +
          'within a few minutes; a wrong domain also sends that registration to staff for a while. Then the ' +
          'rules, order and answers of self check-in, without the email.',
        params,
        body: findCheckInBody,
        response: {
          200: kioskScanResponse,
          ...refusals(eventRefusals, findCheckInRefusals, { 429: [messages.findKioskPaused] }),
        },
      },
    },
    async function checkInFoundByName(request, reply) {
      const event = publishedEventOf(app, request.params.uuid);
      const { handle, domain } = request.body;
      const outcome = findByName.checkInByHandle(event, handle, domain, byIp(request));
      if (!outcome.ok) {
        if (outcome.reason === 'kiosk_paused') throw kioskPaused(reply, outcome.retryAt, clock.now());
        throw findCheckInRefusal(outcome.reason, outcome.attendee, event);
      }
      return { message: messages.checkedIn, data: presentKioskCheckIn(outcome.attendee) };
    },
  );
};
