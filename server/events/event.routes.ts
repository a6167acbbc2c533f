import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, ValidationError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { eventForToken, tokenOf } from '../access/token-auth.http.ts';
import { errorResponses, uuidParam } from '../platform/schemas.ts';
import { createEventBody, eventSchema, presentEvent, updateEventBody } from './event.schemas.ts';
import type { SaveEventOutcome } from './event.service.ts';

const tags = ['Events'];
const eventParams = z.object({ event_id: uuidParam('Event UUID') });

/** The saved event, or the 422 that explains why it was not saved. */
export function savedEvent(outcome: SaveEventOutcome) {
  if (!outcome.ok) throw new ValidationError(outcome.errors);
  return outcome.event;
}

/** Token-authenticated event management: list, create, show, edit. */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, clock, events } = app.ctx;

  app.get(
    '/api/events',
    {
      config: { scope: 'events:read' },
      schema: {
        tags,
        summary: "The organization's events (those the token may see)",
        response: { 200: z.object({ data: z.array(eventSchema) }), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      const token = tokenOf(request);
      const now = clock.now();
      const visible = repos.events
        .listForOrganization(token.organizationId)
        .filter((event) => token.eventIds === null || token.eventIds.includes(event.uuid));
      return { data: visible.map((event) => presentEvent(event, now)) };
    },
  );

  app.post(
    '/api/events',
    {
      config: { scope: 'events:write' },
      schema: {
        tags,
        summary: 'Create an event',
        body: createEventBody,
        response: { 201: z.object({ data: eventSchema }), ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const token = tokenOf(request);
      // A token limited to some events cannot widen its own reach.
      if (token.eventIds !== null) throw new HttpError(403, messages.accessDenied);
      const event = savedEvent(events.create(token.organizationId, request.body));
      reply.code(201);
      return { data: presentEvent(event, clock.now()) };
    },
  );

  app.get(
    '/api/events/:event_id',
    {
      config: { scope: 'events:read' },
      schema: {
        tags,
        summary: 'One event',
        params: eventParams,
        response: { 200: z.object({ data: eventSchema }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({
      data: presentEvent(eventForToken(app, request, request.params.event_id), clock.now()),
    }),
  );

  app.patch(
    '/api/events/:event_id',
    {
      config: { scope: 'events:write' },
      schema: {
        tags,
        summary: 'Edit an event (only the keys sent change)',
        params: eventParams,
        body: updateEventBody,
        response: { 200: z.object({ data: eventSchema }), ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const event = eventForToken(app, request, request.params.event_id);
      return { data: presentEvent(savedEvent(events.update(event, request.body)), clock.now()) };
    },
  );
};
