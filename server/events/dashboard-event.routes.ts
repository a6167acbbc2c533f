import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../access/session-auth.http.ts';
import { errorResponses } from '../platform/schemas.ts';
import { createEventBody, eventSchema, presentEvent, updateEventBody } from './event.schemas.ts';
import { savedEvent } from './event.routes.ts';
import { eventParams, eventOfStaff } from '../access/staff-scope.http.ts';

const tags = ['Dashboard: events'];

/** Events for the dashboard: every signed-in member sees them; owners create, edit, publish and unpublish. */
export const dashboardEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, clock, events } = app.ctx;

  app.get(
    '/events',
    {
      schema: {
        tags,
        summary: 'Events of the organization',
        response: { 200: z.object({ data: z.array(eventSchema) }), ...errorResponses(401) },
      },
    },
    async (request) => {
      const now = clock.now();
      return {
        data: repos.events
          .listForOrganization(staffOf(request).organizationId)
          .map((e) => presentEvent(e, now)),
      };
    },
  );

  app.post(
    '/events',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Create an event',
        body: createEventBody,
        response: { 201: z.object({ data: eventSchema }), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const event = savedEvent(events.create(staffOf(request).organizationId, request.body));
      reply.code(201);
      return { data: presentEvent(event, clock.now()) };
    },
  );

  app.get(
    '/events/:event_id',
    {
      schema: {
        tags,
        summary: 'One event',
        params: eventParams,
        response: { 200: z.object({ data: eventSchema }), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      data: presentEvent(eventOfStaff(app, request, request.params.event_id), clock.now()),
    }),
  );

  app.patch(
    '/events/:event_id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Edit, publish or unpublish an event',
        params: eventParams,
        body: updateEventBody,
        response: { 200: z.object({ data: eventSchema }), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const event = eventOfStaff(app, request, request.params.event_id);
      return { data: presentEvent(savedEvent(events.update(event, request.body)), clock.now()) };
    },
  );
};
