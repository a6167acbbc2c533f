import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../access/session-auth.http.ts';
import { tokenOf } from '../access/token-auth.http.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals, varying } from '../platform/refusals.ts';
import { messageBody } from '../platform/schemas.ts';
import type { VenueService } from './venue.service.ts';
import { venueRefusalError, venueRefusals } from './venue-refusals.http.ts';
import { presentVenueStatus } from './sync.presenters.ts';
import {
  connectBody,
  connectResponse,
  upstreamBody,
  upstreamEventsBody,
  upstreamEventsResponse,
  upstreamStatusResponse,
} from './sync.schemas.ts';

/** An event id, for the documented example of a refusal that names one. */
const EXAMPLE_EVENT = '6f1c7d3e-1111-4222-8333-944455556666';

/**
 * The online server's side of a venue following it (docs/sync.md): an API token with the `sync` scope lists the
 * events it may follow and trades itself for a device credential. Registered in the token-authenticated scope,
 * so a missing or wrong token is the token API's 401.
 */
export const upstreamServerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { syncHub } = app.ctx;
  const tags = ['Sync'];

  app.get(
    '/sync/events',
    {
      schema: {
        tags,
        summary: 'The events a `sync` token lets a venue’s hub follow',
        response: { 200: upstreamEventsResponse, ...refusals({ 403: [messages.syncScopeMissing] }) },
      },
    },
    async function listFollowableEvents(request) {
      const events = syncHub.followableEvents(tokenOf(request));
      if (events === 'no_sync_scope') throw new HttpError(403, messages.syncScopeMissing);
      return {
        data: events.map((event) => ({
          id: event.uuid,
          name: event.name,
          starts_at: event.startsAt,
          attendees_count: event.attendeesCount,
        })),
      };
    },
  );

  app.post(
    '/sync/connect',
    {
      schema: {
        tags,
        summary: 'A venue’s hub starts following events of this server, with a `sync` token',
        body: connectBody,
        response: {
          201: connectResponse,
          ...refusals({
            403: [messages.syncScopeMissing, varying(messages.eventNotCovered, EXAMPLE_EVENT)],
            409: [varying(messages.schemaMismatch, 9, 8)],
          }),
        },
      },
    },
    async function connectVenue(request, reply) {
      const outcome = syncHub.connectVenue(tokenOf(request), {
        name: request.body.name,
        eventIds: request.body.event_ids,
        schemaVersion: request.body.schema_version,
      });
      if (!outcome.ok) {
        switch (outcome.reason) {
          case 'no_sync_scope':
            throw new HttpError(403, messages.syncScopeMissing);
          case 'event_not_covered':
            throw new HttpError(403, messages.eventNotCovered(outcome.eventId));
          case 'schema_mismatch':
            throw new HttpError(
              409,
              messages.schemaMismatch(outcome.schemaVersion, request.body.schema_version),
            );
        }
      }
      reply.code(201);
      return {
        data: {
          device: outcome.device.uuid,
          credential: outcome.credential,
          organization: outcome.organizationUuid,
          event_ids: outcome.device.eventIds,
          epoch: outcome.epoch,
          grant: outcome.grant,
        },
      };
    },
  );
};

/** The hub's dashboard: prepare the venue by following an online server, and see how ready it is. */
export function venueDashboardRoutes(venue: VenueService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Dashboard: sync'];

    app.get(
      '/sync/upstream',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: 'The online server this hub follows, and how ready the venue is',
          response: { 200: upstreamStatusResponse },
        },
      },
      async function showUpstream() {
        return { data: presentVenueStatus(venue.status()) };
      },
    );

    app.post(
      '/sync/upstream/events',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: 'The events an online server’s `sync` token may follow, to pick from',
          body: upstreamEventsBody,
          response: { 200: upstreamEventsResponse, ...refusals({ 422: venueRefusals[422] }) },
        },
      },
      async function listUpstreamEvents(request) {
        const answer = await venue.listUpstreamEvents(request.body.url, request.body.token);
        if (!Array.isArray(answer)) throw venueRefusalError(answer);
        return { data: answer };
      },
    );

    app.post(
      '/sync/upstream',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: 'Follow an online server: its events download in the background',
          body: upstreamBody,
          response: { 202: messageBody, ...refusals(venueRefusals) },
        },
      },
      async function connectUpstream(request, reply) {
        const owner = staffOf(request);
        const outcome = await venue.connect({
          url: request.body.url,
          token: request.body.token,
          eventIds: request.body.event_ids,
          organizationId: owner.organizationId,
        });
        if (!outcome.ok) throw venueRefusalError(outcome);
        reply.code(202);
        return { message: messages.upstreamConnected };
      },
    );
  };
}
