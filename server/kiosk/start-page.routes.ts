import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventRecord } from '../events/event.types.ts';
import { HttpError } from '../platform/errors.ts';
import { messages } from '../platform/messages.ts';
import { refusals } from '../platform/refusals.ts';

const tags = ['Public organizations'];

const organizationSummary = z
  .object({ name: z.string(), slug: z.string() })
  .meta({ id: 'PublicOrganization' });

const eventSummary = z
  .object({
    id: z.string().meta({ description: 'Event UUID' }),
    name: z.string(),
    description: z.string(),
    starts_at: z.string().nullable().meta({ format: 'date-time' }),
    ends_at: z.string().nullable().meta({ format: 'date-time' }),
    location: z.string().nullable(),
  })
  .meta({ id: 'PublicEventSummary' });

const presentEventSummary = (event: EventRecord): z.input<typeof eventSummary> => ({
  id: event.uuid,
  name: event.name,
  description: event.description,
  starts_at: event.startsAt,
  ends_at: event.endsAt,
  location: event.location,
});

/**
 * What a kiosk's start page lists for staff to pick from: the organizations on this server that have published
 * events, and those events. Published events are public already (`GET /public/events/{uuid}`); this only lists them.
 */
export const publicOrganizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { organizations, events } = app.ctx;

  const publishedEvents = (organizationId: number) =>
    events.listEvents(organizationId, { publishedOnly: true });

  app.get(
    '/public/organizations',
    {
      schema: {
        tags,
        summary: 'Organizations with published events',
        response: { 200: z.object({ data: z.array(organizationSummary) }) },
      },
    },
    async function listOrganizationsWithEvents() {
      return {
        data: organizations
          .listOrganizations()
          .filter((organization) => publishedEvents(organization.id).length > 0)
          .map(({ name, slug }) => ({ name, slug })),
      };
    },
  );

  app.get(
    '/public/organizations/:slug/events',
    {
      schema: {
        tags,
        summary: "An organization's published events, soonest first",
        params: z.object({ slug: z.string().max(100) }),
        response: {
          200: z.object({ data: z.array(eventSummary) }),
          ...refusals({ 404: [messages.organizationNotFound] }),
        },
      },
    },
    async function listPublishedEvents(request) {
      const organization = organizations.findOrganizationBySlug(request.params.slug);
      if (!organization) throw new HttpError(404, messages.organizationNotFound);
      return { data: publishedEvents(organization.id).map(presentEventSummary) };
    },
  );
};
