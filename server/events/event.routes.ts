import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wholeOrganizationOf, type Caller } from '../access/caller.http.ts';
import { tokenCoversEvent } from '../access/api-token.rules.ts';
import { ValidationError } from '../platform/errors.ts';
import { refusals } from '../platform/refusals.ts';
import { uuidParam } from '../platform/schemas.ts';
import { rewordedBodyValidatorCompiler } from '../platform/validation.ts';
import { withPlainFieldNames } from './field-names.rules.ts';
import type { SaveEventOutcome } from './event.service.ts';
import { presentEvent } from './event.presenters.ts';
import { createEventBody, eventSchema, updateEventBody } from './event.schemas.ts';

const eventParams = z.object({ event_id: uuidParam('Event UUID') });
const eventBody = z.object({ data: eventSchema });

/** A body's problems with its registration fields name them by position and label (field-names.rules.ts). */
const validatorCompiler = rewordedBodyValidatorCompiler((errors, body) =>
  withPlainFieldNames(
    errors,
    body !== null && typeof body === 'object'
      ? (body as { registration_fields?: unknown }).registration_fields
      : undefined,
  ),
);

/** The saved event, or the 422 that explains why it was not saved. */
function savedEvent(outcome: SaveEventOutcome) {
  if (!outcome.ok) throw new ValidationError(outcome.errors);
  return outcome.event;
}

/**
 * Event management, the same for the token API (`/api/events`) and the dashboard: list, create, show, edit. Staff
 * read, owners and `events:write` tokens write; a token restricted to events sees only those and creates none.
 */
export function eventRoutes(
  caller: Caller,
  options: { writable: boolean } = { writable: true },
): FastifyPluginAsyncZod {
  const tags = [caller.tag('Events')];
  const read = caller.access({ scope: 'events:read', role: 'staff' });
  const write = caller.access({ scope: 'events:write', role: 'owner' });
  const base = `${caller.basePath}/events`;

  return async (app) => {
    const { events, clock } = app.ctx;

    app.get(
      base,
      {
        config: read,
        schema: {
          tags,
          summary: "The organization's events (those the caller may see)",
          response: { 200: z.object({ data: z.array(eventSchema) }) },
        },
      },
      async function listEvents(request) {
        const now = clock.now();
        const token = request.apiToken;
        const visible = events
          .listEvents(caller.organizationOf(request))
          .filter((event) => !token || tokenCoversEvent(token, event.uuid));
        return { data: visible.map((event) => presentEvent(event, now)) };
      },
    );

    app.get(
      `${base}/:event_id`,
      {
        config: read,
        schema: {
          tags,
          summary: 'One event',
          params: eventParams,
          response: { 200: eventBody, ...refusals(caller.eventRefusals) },
        },
      },
      async function showEvent(request) {
        return { data: presentEvent(caller.eventOf(app, request, request.params.event_id), clock.now()) };
      },
    );

    // Creating and editing: not on a replica kiosk, which forwards them to its hub.
    if (!options.writable) return;
    await app.register(async (scope) => {
      scope.setValidatorCompiler(validatorCompiler);
      const writes = scope.withTypeProvider<ZodTypeProvider>();
      writes.post(
        base,
        {
          config: write,
          schema: {
            tags,
            summary: 'Create an event',
            body: createEventBody,
            response: { 201: eventBody, ...refusals(caller.organizationRefusals) },
          },
        },
        async function createEvent(request, reply) {
          const organizationId = wholeOrganizationOf(caller, request);
          const event = savedEvent(events.createEvent(organizationId, request.body));
          reply.code(201);
          return { data: presentEvent(event, clock.now()) };
        },
      );

      writes.patch(
        `${base}/:event_id`,
        {
          config: write,
          schema: {
            tags,
            summary: 'Edit, publish or unpublish an event (only the keys sent change)',
            params: eventParams,
            body: updateEventBody,
            response: { 200: eventBody, ...refusals(caller.eventRefusals) },
          },
        },
        async function editEvent(request) {
          const event = caller.eventOf(app, request, request.params.event_id);
          return { data: presentEvent(savedEvent(events.updateEvent(event, request.body)), clock.now()) };
        },
      );
    });
  };
}
