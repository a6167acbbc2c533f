import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { presentKioskEvent, presentPublicEvent } from './event.presenters.ts';
import { kioskEventSchema, publicEventSchema } from './event.schemas.ts';
import type { EventRecord } from './event.types.ts';

export const publicEventParams = z.object({ uuid: z.string().max(64).meta({ description: 'Event UUID' }) });

/**
 * `GET /public/events/{uuid}`: what a registration page or a kiosk shows of an event; and `.../kiosk`, the same
 * with the event's time zone and times, which the interface's answer does not carry.
 */
export const publicEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { events, organizations, brand, clock } = app.ctx;

  function availableEvent(uuid: string): EventRecord {
    const event = events.findPublishedEvent(uuid);
    if (!event) throw new HttpError(404, messages.eventNotAvailable);
    return event;
  }

  app.get(
    '/public/events/:uuid',
    {
      schema: {
        tags: ['Public events'],
        summary: 'Event details for the registration page',
        params: publicEventParams,
        response: {
          200: z.object({ data: publicEventSchema }),
          ...refusals({ 404: [messages.eventNotAvailable] }),
        },
      },
    },
    async function showPublicEvent(request) {
      const event = availableEvent(request.params.uuid);
      const organization = organizations.findOrganization(event.organizationId)!;
      return { data: presentPublicEvent(event, organization, clock.now()) };
    },
  );

  app.get(
    '/public/events/:uuid/kiosk',
    {
      schema: {
        tags: ['Kiosk'],
        summary: "Event details for a kiosk, with the event's time zone and times",
        params: publicEventParams,
        response: {
          200: z.object({ data: kioskEventSchema }),
          ...refusals({ 404: [messages.eventNotAvailable] }),
        },
      },
    },
    async function showKioskEvent(request) {
      const event = availableEvent(request.params.uuid);
      const organization = organizations.findOrganization(event.organizationId)!;
      return { data: presentKioskEvent(event, organization, brand.brandOf(event), clock.now()) };
    },
  );
};
