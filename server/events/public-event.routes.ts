import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';
import { presentPublicEvent } from './event.presenters.ts';
import { publicEventSchema } from './event.schemas.ts';

export const publicEventParams = z.object({ uuid: z.string().max(64).meta({ description: 'Event UUID' }) });

/** `GET /public/events/{uuid}`: what a registration page or a kiosk shows of an event. */
export const publicEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { events, organizations, clock } = app.ctx;

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
      const event = events.findPublishedEvent(request.params.uuid);
      if (!event) throw new HttpError(404, messages.eventNotAvailable);
      const organization = organizations.findOrganization(event.organizationId)!;
      return { data: presentPublicEvent(event, organization, clock.now()) };
    },
  );
};
