import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AttendeeRecord, EventRecord } from '../../domain/types.ts';
import { HttpError } from '../../http/errors.ts';
import { messages } from '../../http/messages.ts';
import { staffOf } from '../../http/session-auth.ts';
import { uuidParam } from '../../schemas/common.ts';

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
