import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AttendeeRecord, EventRecord } from '../platform/types.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { staffOf } from './session-auth.http.ts';
import { uuidParam } from '../platform/schemas.ts';

export const eventParams = z.object({ event_id: uuidParam('Event UUID') });
export const attendeeParams = z.object({
  event_id: uuidParam('Event UUID'),
  attendee_id: uuidParam('Attendee UUID'),
});

/** An event of the signed-in member's organization; any other is not found. */
export function eventOfStaff(app: FastifyInstance, request: FastifyRequest, uuid: string): EventRecord {
  const event = app.ctx.repos.events.findByUuid(uuid);
  if (!event || event.organizationId !== staffOf(request).organizationId)
    throw new HttpError(404, messages.eventNotFound);
  return event;
}

export function attendeeOfEvent(app: FastifyInstance, event: EventRecord, uuid: string): AttendeeRecord {
  const attendee = app.ctx.repos.attendees.findByUuid(uuid);
  if (!attendee || attendee.eventId !== event.id) throw new HttpError(404, messages.attendeeNotFound);
  return attendee;
}
